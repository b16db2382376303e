import { Show } from "solid-js";
import type { Province, TrendPeriod } from "../../../shared/waittimes/schemas";
import { formatWait } from "../../data/formatWait";
import { summarizeTrend } from "../../data/summarizeTrend";
import type { Trends } from "../../data/trends";
import { lang, t } from "../../i18n/i18n";
import PeriodPicker from "./PeriodPicker";
import TrendChart from "./TrendChart";
import TrendTable from "./TrendTable";

/** A hospital's history: what it measures, the period's summary, the chart and the table. */
export default function TrendView(props: { trends: Trends; period: TrendPeriod; province?: Province }) {
  const d = () => props.trends;
  const metric = () => d().methodology.metric_family;
  const fmt = (v: number) => formatWait(v, metric(), lang());
  const summary = () => summarizeTrend(d().dataPoints);
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
      <p>
        {t("trends.measures", {
          metric: t(`metric.${metric()}`),
          statistic: t(`statistic.${d().methodology.statistic_type}`),
          start: t(`event.${d().methodology.start_event}`),
          end: t(`event.${d().methodology.end_event}`),
        })}
      </p>
      <Show when={d().demo}>
        <p class="notice">{t("trends.demo")}</p>
      </Show>
      <p>
        <a href={`/waits/compare?a=${encodeURIComponent(d().hospital_id)}`}>{t("compare.link")}</a>
      </p>
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
            <TrendChart
              points={d().dataPoints}
              unitLabel={t(d().unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes")}
              label={`${t(`metric.${metric()}`)} · ${t(`trends.period.${props.period}`)}`}
              minLabel={t("trends.min")}
              maxLabel={t("trends.max")}
            />
            <TrendTable points={d().dataPoints} metric={metric()} />
          </>
        )}
      </Show>
    </>
  );
}
