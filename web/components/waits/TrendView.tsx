import { Show } from "solid-js";
import type { Hospital, Province, TrendPeriod } from "../../../shared/waittimes/schemas";
import { formatWait } from "../../data/formatWait";
import { summarizeTrend } from "../../data/summarizeTrend";
import type { Trends } from "../../data/trends";
import { lang, t } from "../../i18n/i18n";
import MethodologyNote from "./MethodologyNote";
import PeriodPicker from "./PeriodPicker";
import TrendChart from "./TrendChart";
import TrendTable from "./TrendTable";

/** A hospital's history: what it measures, the period's summary, the chart and the table. */
export default function TrendView(props: {
  trends: Trends;
  period: TrendPeriod;
  province?: Province;
  facts?: Hospital;
  savedAt?: string | null;
}) {
  const d = () => props.trends;
  const metric = () => d().methodology.metric_family;
  const fmt = (v: number) => formatWait(v, metric(), lang());
  const fmtTime = (seconds: number) =>
    new Date(seconds * 1000).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
  const summary = () => summarizeTrend(d().dataPoints);
  const id = () => encodeURIComponent(d().hospital_id);
  return (
    <>
      <Show when={props.province}>
        {(p) => (
          <p>
            <a href={`/waits?province=${p()}`}>{t("trends.back", { province: t(`province.${p()}`) })}</a>
          </p>
        )}
      </Show>
      <h1>{d().hospital_name}</h1>
      <Show when={props.savedAt}>
        {(at) => (
          <p class="notice" data-testid="as-of">
            {t("waits.asOf", {
              time: new Date(at()).toLocaleString(lang(), { dateStyle: "long", timeStyle: "short" }),
            })}
          </p>
        )}
      </Show>
      <Show when={d().demo}>
        <p class="notice">{t("trends.demo")}</p>
      </Show>
      <ul class="waits-links">
        <li>
          <a href={`/waits/compare?a=${id()}`}>{t("compare.link")}</a>
        </li>
        <li>
          <a href={`/waits/${id()}/quality`}>{t("waits.quality.link")}</a>
        </li>
      </ul>
      <PeriodPicker hospitalId={d().hospital_id} current={props.period} />
      <Show when={summary()} fallback={<p>{t("trends.none")}</p>}>
        {(s) => (
          <>
            <p data-testid="trend-summary">
              {t("trends.summary", {
                mean: fmt(s().mean),
                min: fmt(s().min),
                max: fmt(s().max),
                reports: s().reports.toLocaleString(lang()),
              })}
            </p>
            <p class="muted">{t("waits.chart.hint")}</p>
            {/* Keyed: a new series (another period) draws a new chart rather than keeping the old one. */}
            <Show when={d().dataPoints} keyed>
              {(points) => (
                <TrendChart
                  points={points}
                  unitLabel={t(d().unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes")}
                  label={`${t(`metric.${metric()}`)} · ${t(`trends.period.${props.period}`)}`}
                  minLabel={t("trends.min")}
                  maxLabel={t("trends.max")}
                  format={fmt}
                  formatTime={fmtTime}
                />
              )}
            </Show>
          </>
        )}
      </Show>
      <MethodologyNote methodology={d().methodology} unit={d().unit} facts={props.facts} />
      <Show when={summary()}>
        <TrendTable points={d().dataPoints} metric={metric()} />
      </Show>
    </>
  );
}
