import { Show } from "solid-js";
import type { HospitalRecord } from "../../data/db";
import { t } from "../../i18n/i18n";

/** One hospital: where it is, how to call, and what its published wait figure measures. */
export default function HospitalCard(props: { hospital: HospitalRecord }) {
  const h = () => props.hospital;
  return (
    <li class="card hospital">
      <h3>{h().name}</h3>
      <p class="muted">{h().address ?? h().city}</p>
      <p>
        {t("waits.reports")} {t(`metric.${h().methodology.metric_family}`)} (
        {t(`statistic.${h().methodology.statistic_type}`)})
      </p>
      <Show when={h().phone}>
        {(phone) => (
          <p>
            {t("waits.phone")}: <a href={`tel:${phone().replace(/[^\d+]/g, "")}`}>{phone()}</a>
          </p>
        )}
      </Show>
    </li>
  );
}
