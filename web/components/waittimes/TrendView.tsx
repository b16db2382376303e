import { Show } from "solid-js";
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { longestJoin } from "../../data/waittimes/chartGaps";
import { bucketLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import type { HospitalRecord, LatestWaitRecord } from "../../data/waittimes/hospitals";
import type { LoadedTrends } from "../../data/waittimes/loadTrends";
import { summarizeTrend } from "../../data/waittimes/summarizeTrend";
import { lang, locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import NoFiguresInPeriod from "./NoFiguresInPeriod";
import TrendChart from "./TrendChart";

/** A hospital's history for one period: where the copy comes from, the summary and the chart. */
export default function TrendView(props: {
  loaded: LoadedTrends;
  /** The period the reader asked for (offline, another saved one may be shown instead). */
  period: TrendPeriod;
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
}) {
  const d = () => props.loaded.trends;
  const metric = () => d().metric_family;
  const fmt = (v: number) => formatWait(v, metric(), lang());
  const fmtTime = (seconds: number) =>
    bucketLabel(new Date(seconds * 1000).toISOString(), d().aggregation, t, locale(), d().calendar_time_zone);
  const summary = () => summarizeTrend(d().dataPoints);
  // The average is of the figures the hospital reports (90th percentiles, estimates…): say which.
  const statistic = () => {
    const s = d().methodology?.statistic_type ?? props.hospital?.methodology.statistic_type;
    return s ? t(`statistic.${s}`) : t("trends.value").toLowerCase();
  };
  const shown = () => props.loaded.period;
  return (
    <>
      <Show when={props.loaded.savedAt}>
        {(at) => (
          <p class="notice" data-testid="as-of">
            {t("waits.asOf", {
              time: formatDate(locale(), at(), { dateStyle: "long", timeStyle: "short" }),
            })}
          </p>
        )}
      </Show>
      <Show when={shown() !== props.period}>
        <p class="notice" data-testid="period-fallback">
          {t("waits.fallback", {
            wanted: t(`trends.period.${props.period}`),
            shown: t(`trends.period.${shown()}`),
          })}
        </p>
      </Show>
      <Show when={d().demo}>
        <p class="notice">{t("trends.demo")}</p>
      </Show>
      <Show
        when={summary()}
        fallback={<NoFiguresInPeriod period={shown()} hospital={props.hospital} latest={props.latest} />}
      >
        {(s) => (
          <>
            <p data-testid="trend-summary">
              {t("trends.summary", {
                mean: fmt(s().mean),
                min: fmt(s().min),
                max: fmt(s().max),
                statistic: statistic(),
                reports: s().reports,
              })}
            </p>
            <p class="muted">{t("waits.chart.hint")}</p>
            {/* Keyed: a new series (another period) draws a new chart rather than keeping the old one. */}
            <Show when={d().dataPoints} keyed>
              {(points) => (
                <TrendChart
                  points={points}
                  unitLabel={t(d().unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes")}
                  label={`${t(`metric.${metric()}`)} · ${t(`trends.period.${shown()}`)}`}
                  labels={{
                    time: t(d().aggregation === "monthly" ? "waits.chart.month" : "trends.time"),
                    value: t("waits.chart.average"),
                    min: t("trends.min"),
                    max: t("trends.max"),
                  }}
                  format={fmt}
                  formatTime={fmtTime}
                  maxJoin={longestJoin(d().aggregation, props.hospital?.cadence_seconds)}
                />
              )}
            </Show>
          </>
        )}
      </Show>
    </>
  );
}
