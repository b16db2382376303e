import { A } from "@solidjs/router";
import { For } from "solid-js";
import type { Province } from "../../../shared/waittimes/schemas";
import { PROVINCE_CODES } from "../../data/parseHospitals";
import { t } from "../../i18n/i18n";

/** Province choice as links, so each list has its own address and works with Back. */
export default function ProvincePicker(props: { current: Province }) {
  return (
    <nav class="segmented" aria-label={t("waits.province")}>
      <ul>
        <For each={PROVINCE_CODES}>
          {(code) => (
            <li>
              <A href={`/waits?province=${code}`} aria-current={props.current === code ? "page" : undefined}>
                {t(`province.${code}`)}
              </A>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
