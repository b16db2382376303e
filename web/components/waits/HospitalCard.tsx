import { A } from "@solidjs/router";
import { Show } from "solid-js";
import type { HospitalRecord, LatestWaitRecord } from "../../data/db";
import { formatWait } from "../../data/formatWait";
import { lang, t } from "../../i18n/i18n";

/** One hospital: where it is, how to call, and what its published wait figure measures. */
export default function HospitalCard(props: { hospital: HospitalRecord; latest?: LatestWaitRecord }) {
  const h = () => props.hospital;
  const figure = () => {
    const l = props.latest;
    if (!l || l.value === null) return null;
    const when = l.observedAt
      ? new Date(l.observedAt).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" })
      : "";
    return { value: formatWait(l.value, h().methodology.metric_family, lang()), when };
  };
  return (
    <li class="card hospital">
      <h3>
        <A href={`/waits/${encodeURIComponent(h().id)}`}>{h().name}</A>
      </h3>
      <p class="muted">{h().address ?? h().city}</p>
      <p>
        {t("waits.reports")} {t(`metric.${h().methodology.metric_family}`)} (
        {t(`statistic.${h().methodology.statistic_type}`)})
      </p>
      <Show when={figure()} fallback={<p class="muted">{t("waits.noFigure")}</p>}>
        {(f) => (
          <p class="latest" data-testid="latest-figure">
            {t("waits.latest")} <strong>{f().value}</strong>
            {f().when ? ` · ${t("waits.observed", { time: f().when })}` : ""}
          </p>
        )}
      </Show>
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
