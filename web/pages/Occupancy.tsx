import { createResource, Match, Show, Switch } from "solid-js";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import Call911Line from "../components/waittimes/Call911Line";
import OccupancyStatuses from "../components/waittimes/OccupancyStatuses";
import OccupancyTable from "../components/waittimes/OccupancyTable";
import { fetchOccupancy } from "../data/waittimes/occupancy";
import { locale, t } from "../i18n/i18n";
import "../styles/waittimes.css";
import { formatDate, formatNumber, numberFormat } from "../i18n/intlFormats";

/** /waits/occupancy: Quebec stretcher occupancy, with what its status means. */
export default function Occupancy() {
  usePageTitle("waits.occ.title");
  const [occ, { refetch }] = createResource(fetchOccupancy);
  const when = (iso?: string) =>
    iso ? formatDate(locale(), iso, { dateStyle: "long", timeStyle: "short" }) : "–";
  const pct = (v?: number | null) =>
    v === null || v === undefined
      ? "–"
      : numberFormat(locale(), { style: "percent", maximumFractionDigits: 1 }).format(v / 100);
  return (
    <>
      <p>
        <a href="/waits?province=QC">{t("trends.back", { province: t("province.QC") })}</a>
      </p>
      <h1 id="occ-heading">{t("waits.occ.title")}</h1>
      <Call911Line />
      <p class="lead">{t("waits.occ.intro")}</p>
      <Switch>
        <Match when={occ.error}>
          <LoadError message={t("waits.occ.error")} onRetry={() => void refetch()} homeLink={false} />
        </Match>
        <Match when={occ()}>
          {(o) => (
            <>
              <p data-testid="occupancy-status">
                {t("waits.occ.current")} <strong>{t(`waits.occ.status.${o().status}`)}</strong>
              </p>
              <Show when={o().data.demo}>
                <p class="notice">{t("trends.demo")}</p>
              </Show>
              <Show when={o().status === "available"}>
                <p data-testid="occupancy-summary">
                  {t("waits.occ.summary", {
                    reporting: o().data.hospitals_reporting ?? 0,
                    avg: pct(o().data.average_occupancy_percent),
                    min: pct(o().data.min_occupancy_percent),
                    max: pct(o().data.max_occupancy_percent),
                    over: o().data.over_capacity_hospitals ?? 0,
                    waiting: formatNumber(locale(), o().data.patients_waiting ?? 0),
                  })}
                </p>
                <p class="muted" data-testid="occupancy-as-of">
                  {t("waits.occ.asOf", { time: when(o().data.latest_observation_at) })}
                </p>
                <OccupancyTable hospitals={o().data.hospitals ?? []} />
              </Show>
              <Show when={o().data.last_ingest_at}>
                {(at) => <p class="muted">{t("waits.occ.lastRead", { time: when(at()) })}</p>}
              </Show>
              <OccupancyStatuses
                current={o().status}
                windowHours={Math.round(o().data.freshness_window_seconds / 3600)}
              />
            </>
          )}
        </Match>
        <Match when={occ.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
