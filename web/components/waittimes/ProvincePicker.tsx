import { For } from "solid-js";
import type { Province } from "../../../shared/waittimes/schemas";
import { PROVINCE_CODES } from "../../data/waittimes/parseHospitals";
import { t } from "../../i18n/i18n";

/**
 * Province choice as links, so each list has its own address and works with Back. Plain <a>
 * (the router still handles the click): its <A> would mark every link current, as they share a path.
 */
export default function ProvincePicker(props: { current: Province; hrefFor?: (code: Province) => string }) {
  const href = (code: Province) => props.hrefFor?.(code) ?? `/waits?province=${code}`;
  return (
    <nav class="segmented" aria-label={t("waits.province")}>
      <ul>
        <For each={PROVINCE_CODES}>
          {(code) => (
            <li>
              <a href={href(code)} aria-current={props.current === code ? "page" : undefined}>
                {t(`province.${code}`)}
              </a>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
