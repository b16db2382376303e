import { createMemo, Show } from "solid-js";
import { type Series, stepTimeFormat } from "../../data/admin/observability";
import { type Metric, metricValues, summarize } from "../../data/waittimes/seriesSummary";
import { lang, locale, t } from "../../i18n/i18n";
import { formatDate, formatNumber, numberFormat } from "../../i18n/intlFormats";
import FiguresTable from "../FiguresTable";
import MetricChart from "./MetricChart";

const STROKES: Record<Metric, string> = { rate: "#0b5563", errors: "#a11b12", p95: "#6a3d9a" };

/** A metric's value as people read it: "12.5 req/min", "2.3 %", "140 ms". */
export function formatMetric(metric: Metric, value: number): string {
  const number = (v: number, digits: number) =>
    numberFormat(locale(), { maximumFractionDigits: digits }).format(v);
  if (metric === "rate") return t("admin.unit.rate", { value: number(value, 1) });
  if (metric === "errors")
    return numberFormat(locale(), { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
  return t("admin.unit.ms", { value: number(value, 0) });
}

/** One chart with its text alternative: a summary in the caption and every step in a table. */
export default function MetricFigure(props: { metric: Metric; series: Series }) {
  const id = () => `chart-${props.metric}`;
  const values = () => metricValues(props.series, props.metric);
  const times = () => props.series.points.map((p) => Date.parse(p.at));
  const summary = () => summarize(props.series, props.metric);
  // One format for every step of the series (each table row asks for it).
  const stepFormat = createMemo(() => {
    const points = props.series.points;
    return stepTimeFormat(Date.parse(points[0]?.at ?? ""), Date.parse(points.at(-1)?.at ?? ""));
  });
  const clock = (iso: string) => formatDate(locale(), iso, stepFormat());
  const text = () => {
    const { latest, peak } = summary();
    if (!latest || !peak) return t("admin.chart.noData");
    return t("admin.chart.summary", {
      latest: formatMetric(props.metric, latest.value),
      peak: formatMetric(props.metric, peak.value),
      time: clock(peak.at),
    });
  };
  return (
    <figure class="metric-figure" aria-labelledby={`${id()}-title`} data-metric={props.metric}>
      <h3 id={`${id()}-title`}>{t(`admin.metric.${props.metric}`)}</h3>
      <figcaption id={`${id()}-summary`} data-testid={`${id()}-summary`}>
        {text()}
      </figcaption>
      <Show when={lang()} keyed>
        <MetricChart
          times={times()}
          values={values()}
          label={t(`admin.metric.${props.metric}`)}
          unit={t(`admin.metric.${props.metric}.unit`)}
          stroke={STROKES[props.metric]}
          testId={id()}
        />
      </Show>
      <FiguresTable
        detailsClass="chart-table"
        tableClass="data"
        summary={t("admin.chart.table", { metric: t(`admin.metric.${props.metric}`) })}
        labelledBy={`${id()}-title`}
        columns={[t("admin.chart.time"), t(`admin.metric.${props.metric}`), t("obs.requests")]}
        rows={props.series.points}
        cells={(p, i) => [
          clock(p.at),
          values()[i] === null || (props.metric !== "rate" && p.requests === 0)
            ? t("admin.chart.none")
            : formatMetric(props.metric, values()[i] as number),
          formatNumber(locale(), p.requests),
        ]}
      />
    </figure>
  );
}
