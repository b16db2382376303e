import { For } from "solid-js";
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { PERIODS } from "../../data/waittimes/trends";
import { t } from "../../i18n/i18n";

export default function PeriodPicker(props: { hospitalId: string; current: TrendPeriod }) {
  return (
    <nav class="segmented" aria-label={t("trends.period")}>
      <ul>
        <For each={PERIODS}>
          {(p) => (
            <li>
              <a
                href={`/waits/${encodeURIComponent(props.hospitalId)}?period=${p}`}
                aria-current={props.current === p ? "page" : undefined}
              >
                {t(`trends.period.${p}`)}
              </a>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
