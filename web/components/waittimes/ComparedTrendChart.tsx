import { createResource, onCleanup, Show } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/waittimes.css";
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { alignSeries } from "../../data/waittimes/alignSeries";
import { breakAtGaps, hasFigures, longestJoin } from "../../data/waittimes/chartGaps";
import { bucketLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import { loadTrends } from "../../data/waittimes/loadTrends";
import { lang, locale, t } from "../../i18n/i18n";
import { online } from "../../state/online";
import { timeAxis } from "./chartAxis";
import { dateNames } from "./chartDates";
import { legendReadoutPlugin, legendValue } from "./chartLegend";
import { loadUPlot } from "./loadUPlot";

/**
 * Both hospitals over one period on one chart. Only ComparisonResult's comparable branch renders
 * this: figures measured differently are never put on one axis. Offline it draws the series saved
 * on this device, and only when both were saved for this very period. Lines stop across gaps in
 * the reports, and a hospital without a figure in the period is not drawn nor named in the legend.
 */
export default function ComparedTrendChart(props: {
  a: { id: string; name: string; cadence_seconds?: number };
  b: { id: string; name: string; cadence_seconds?: number };
  period: TrendPeriod;
}) {
  const [series] = createResource(
    () => ({ a: props.a.id, b: props.b.id, period: props.period }),
    async (q) => {
      const [ta, tb] = await Promise.all([
        loadTrends(q.a, q.period, online()),
        loadTrends(q.b, q.period, online()),
        loadUPlot(),
      ]);
      if (ta.period !== q.period || tb.period !== q.period) throw new Error("offline-no-copy");
      return {
        metric: ta.trends.metric_family,
        unit: ta.trends.unit,
        aggregation: ta.trends.aggregation,
        // One axis for both: days as the first hospital's calendar counts them.
        timeZone: ta.trends.calendar_time_zone,
        ...alignSeries(ta.trends.dataPoints, tb.trends.dataPoints),
      };
    },
  );
  let chart: uPlot | undefined;
  onCleanup(() => chart?.destroy());
  const draw = async (host: HTMLDivElement) => {
    const s = series.state === "ready" ? series() : undefined;
    if (!s) return;
    const UPlot = await loadUPlot();
    const fmt = legendValue((v) => formatWait(v, s.metric, lang()));
    const when = legendValue((x) =>
      bucketLabel(new Date(x * 1000).toISOString(), s.aggregation, t, locale(), s.timeZone),
    );
    const cadence = Math.max(props.a.cadence_seconds ?? 0, props.b.cadence_seconds ?? 0);
    const cut = breakAtGaps({ xs: s.xs, ys: [s.a, s.b] }, longestJoin(s.aggregation, cadence));
    const lines = [
      { label: props.a.name, stroke: "#0b5563", width: 2, value: fmt, ys: cut.ys[0] },
      { label: props.b.name, stroke: "#b45309", width: 2, dash: [6, 3], value: fmt, ys: cut.ys[1] },
    ].filter((line) => hasFigures(line.ys));
    chart?.destroy();
    chart = new UPlot(
      {
        fmtDate: (tpl: string) => UPlot.fmtDate(tpl, dateNames(lang())),
        width: Math.max(280, host.clientWidth),
        height: 260,
        axes: [
          timeAxis(locale()),
          { label: t(s.unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes") },
        ],
        series: [
          { label: t(s.aggregation === "monthly" ? "waits.chart.month" : "trends.time"), value: when },
          ...lines.map(({ ys: _ys, ...line }) => line),
        ],
        plugins: [legendReadoutPlugin()],
        hooks: {
          draw: [
            (u) => {
              host.dataset.points = String(s.xs.length);
              host.dataset.cuts = String(u.data[0].length - s.xs.length);
              host.dataset.series = String(u.series.length - 1);
            },
          ],
        },
      },
      [cut.xs, ...lines.map((line) => line.ys)],
      host,
    );
  };
  const period = () => t(`trends.period.${props.period}`);
  return (
    <section aria-labelledby="compared-chart-heading">
      <h3 id="compared-chart-heading">{t("waits.compare.chart", { period: period() })}</h3>
      <Show
        when={series.state === "ready" && series()}
        fallback={<p>{series.state === "errored" ? t("waits.compare.chartUnavailable") : t("loading")}</p>}
      >
        {(s) => (
          <Show when={s().xs.length > 0} fallback={<p>{t("trends.none")}</p>}>
            <div
              class="trend-chart compared-chart"
              ref={(el) => queueMicrotask(() => void draw(el))}
              role="img"
              aria-label={t("waits.compare.chartLabel", {
                a: props.a.name,
                b: props.b.name,
                period: period(),
              })}
            />
          </Show>
        )}
      </Show>
    </section>
  );
}
