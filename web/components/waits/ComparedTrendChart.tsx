import { createResource, onCleanup, Show } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/waits.css";
import { alignSeries } from "../../data/alignSeries";
import { formatWait } from "../../data/formatWait";
import { fetchTrends } from "../../data/trends";
import { lang, t } from "../../i18n/i18n";
import { dateNames } from "./chartDates";
import { tooltipPlugin } from "./chartTooltip";
import { loadUPlot } from "./loadUPlot";

/**
 * Both hospitals' last 7 days on one chart. Only ComparisonResult's comparable branch renders
 * this: figures measured differently are never put on one axis.
 */
export default function ComparedTrendChart(props: {
  a: { id: string; name: string };
  b: { id: string; name: string };
}) {
  const [series] = createResource(
    () => ({ a: props.a.id, b: props.b.id }),
    async (q) => {
      const [ta, tb] = await Promise.all([fetchTrends(q.a, "7d"), fetchTrends(q.b, "7d"), loadUPlot()]);
      return {
        metric: ta.methodology.metric_family,
        unit: ta.unit,
        ...alignSeries(ta.dataPoints, tb.dataPoints),
      };
    },
  );
  let chart: uPlot | undefined;
  onCleanup(() => chart?.destroy());
  const draw = async (host: HTMLDivElement) => {
    const s = series();
    if (!s) return;
    const UPlot = await loadUPlot();
    const fmt = (v: number | null) => (v === null ? "–" : formatWait(v, s.metric, lang()));
    const when = (x: number) =>
      new Date(x * 1000).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
    chart?.destroy();
    chart = new UPlot(
      {
        fmtDate: (tpl: string) => UPlot.fmtDate(tpl, dateNames(lang())),
        width: Math.max(280, host.clientWidth),
        height: 260,
        axes: [{}, { label: t(s.unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes") }],
        series: [
          { label: t("trends.time") },
          { label: props.a.name, stroke: "#0b5563", width: 2 },
          { label: props.b.name, stroke: "#b45309", width: 2, dash: [6, 3] },
        ],
        plugins: [
          tooltipPlugin((u, i) => {
            const x = u.data[0][i] as number;
            return `${when(x)} · ${props.a.name}: ${fmt(u.data[1][i] ?? null)} · ${props.b.name}: ${fmt(u.data[2][i] ?? null)}`;
          }),
        ],
        hooks: {
          draw: [
            (u) => {
              host.dataset.points = String(u.data[0].length);
              host.dataset.series = String(u.series.length - 1);
            },
          ],
        },
      },
      [s.xs, s.a, s.b],
      host,
    );
  };
  return (
    <section aria-labelledby="compared-chart-heading">
      <h3 id="compared-chart-heading">{t("waits.compare.chart")}</h3>
      <Show when={series()} fallback={<p>{series.error ? t("trends.error") : t("loading")}</p>}>
        {(s) => (
          <Show when={s().xs.length > 0} fallback={<p>{t("trends.none")}</p>}>
            <div
              class="trend-chart compared-chart"
              ref={(el) => queueMicrotask(() => void draw(el))}
              role="img"
              aria-label={t("waits.compare.chartLabel", { a: props.a.name, b: props.b.name })}
            />
          </Show>
        )}
      </Show>
    </section>
  );
}
