import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { figureLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import type { HospitalRecord, LatestWaitRecord } from "../../data/waittimes/hospitals";
import { lang, locale, t } from "../../i18n/i18n";
import { numberFormat } from "../../i18n/intlFormats";
import HospitalContact from "./HospitalContact";

/**
 * One hospital: where it is (and how far), how to call and get there, the province's health line,
 * its latest figure first, under its name (what it is and when), and what that figure measures when it is not what the province's other hospitals report (the list states that once).
 */
export default function HospitalCard(props: {
  hospital: HospitalRecord;
  latest?: LatestWaitRecord;
  distanceKm: number | null;
  reportsUsual: boolean;
  /** Listed nearest first across provinces: the card says its province and what its figure measures. */
  acrossProvinces?: boolean;
}) {
  const h = () => props.hospital;
  const figure = () => {
    const l = props.latest;
    if (!l || l.value === null) return null;
    return {
      value: formatWait(l.value, h().methodology.metric_family, lang()),
      when: l.observedAt
        ? figureLabel(l.observedAt, h().cadence_seconds, h().methodology.statistic_type, t, locale())
        : "",
    };
  };
  const km = (d: number) => numberFormat(locale(), { maximumFractionDigits: d < 10 ? 1 : 0 }).format(d);
  return (
    <li class="card hospital">
      <h3>
        <A href={`/waits/${encodeURIComponent(h().id)}`}>{h().name}</A>
      </h3>
      <Show when={figure()} fallback={<p class="muted">{t("waits.noFigure")}</p>}>
        {(f) => (
          <p class="latest" data-testid="latest-figure">
            {t("waits.latest")} <strong>{f().value}</strong>
            {f().when ? ` · ${f().when}` : ""}
          </p>
        )}
      </Show>
      <Show when={props.distanceKm !== null}>
        <p class="place">
          <span data-testid="distance">{t("waits.distance", { km: km(props.distanceKm ?? 0) })}</span>
        </p>
      </Show>
      <HospitalContact hospital={h()} compact />
      <Show when={props.acrossProvinces}>
        <p class="method" data-testid="card-method">
          {t(`province.${h().province}`)} · {t(`metric.${h().methodology.metric_family}`)} (
          {t(`statistic.${h().methodology.statistic_type}`)})
        </p>
      </Show>
      <Show when={!props.acrossProvinces && !props.reportsUsual}>
        <p class="method other-method" data-testid="other-method">
          {t("waits.otherMethod")} {t(`metric.${h().methodology.metric_family}`)} (
          {t(`statistic.${h().methodology.statistic_type}`)})
        </p>
      </Show>
    </li>
  );
}
