import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { figureStamp } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import type { HospitalRecord, LatestWaitRecord } from "../../data/waittimes/hospitals";
import { lang, t } from "../../i18n/i18n";

/**
 * One hospital: where it is (and how far), how to call, its latest figure, and what that figure
 * measures when it is not what the province's other hospitals report (the list states that once).
 */
export default function HospitalCard(props: {
  hospital: HospitalRecord;
  latest?: LatestWaitRecord;
  distanceKm: number | null;
  reportsUsual: boolean;
}) {
  const h = () => props.hospital;
  const figure = () => {
    const l = props.latest;
    if (!l || l.value === null) return null;
    return {
      value: formatWait(l.value, h().methodology.metric_family, lang()),
      when: l.observedAt ? figureStamp(l.observedAt, h().cadence_seconds, t, lang()) : "",
    };
  };
  // The street line, unless it is empty or only repeats the city.
  const street = () => {
    const a = h().address?.trim();
    return a && a.toLowerCase() !== h().city.toLowerCase() ? a : null;
  };
  const km = (d: number) =>
    new Intl.NumberFormat(lang(), { maximumFractionDigits: d < 10 ? 1 : 0 }).format(d);
  return (
    <li class="card hospital">
      <h3>
        <A href={`/waits/${encodeURIComponent(h().id)}`}>{h().name}</A>
      </h3>
      <p class="place">
        <Show when={street()}>{(s) => <span class="street">{s()}, </span>}</Show>
        <span class="city">{h().city}</span>
        <Show when={props.distanceKm !== null}>
          {" · "}
          <span data-testid="distance">{t("waits.distance", { km: km(props.distanceKm ?? 0) })}</span>
        </Show>
        <Show when={h().phone}>
          {(phone) => (
            <>
              {" · "}
              <span class="phone">
                {t("waits.phone")}: <a href={`tel:${phone().replace(/[^\d+]/g, "")}`}>{phone()}</a>
              </span>
            </>
          )}
        </Show>
      </p>
      <Show when={figure()} fallback={<p class="muted">{t("waits.noFigure")}</p>}>
        {(f) => (
          <p class="latest" data-testid="latest-figure">
            {t("waits.latest")} <strong>{f().value}</strong>
            {f().when ? ` · ${f().when}` : ""}
          </p>
        )}
      </Show>
      <Show when={!props.reportsUsual}>
        <p class="method other-method" data-testid="other-method">
          {t("waits.otherMethod")} {t(`metric.${h().methodology.metric_family}`)} (
          {t(`statistic.${h().methodology.statistic_type}`)})
        </p>
      </Show>
    </li>
  );
}
