import { onCleanup, onMount } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/waittimes.css";
import type { TrendPoint } from "../../../shared/waittimes/schemas";
import { breakAtGaps, differsFrom } from "../../data/waittimes/chartGaps";
import { lang, locale } from "../../i18n/i18n";
import { timeAxis } from "./chartAxis";
import { dateNames } from "./chartDates";
import { legendReadoutPlugin, legendValue } from "./chartLegend";
import { loadUPlot } from "./loadUPlot";

/** Performance marks the chart benchmark reads (bench/web-charts.ts): data ready, then drawn. */
export const TREND_DATA_MARK = "waits:trend-data";
export const TREND_DRAWN_MARK = "waits:trend-drawn";
/** Set when the chart component starts (between the two above: page render vs chart work). */
export const TREND_CHART_START_MARK = "waits:trend-chart-start";

/**
 * Line chart of a hospital's figures (uPlot, loaded with this page only); choosing a point shows
 * its figures in the legend under the plot. The line stops where reports stopped (no line across
 * a gap), and the lowest and highest lines are drawn and named only where they differ from the
 * average (a bucket of one report has all three equal). The chart is a picture for sighted readers; the same
 * figures are in the summary and the table beside it.
 */
export default function TrendChart(props: {
  points: TrendPoint[];
  unitLabel: string;
  label: string;
  labels: { time: string; value: string; min: string; max: string };
  format: (value: number) => string;
  /** A point's time (epoch seconds) as the period it covers. */
  formatTime: (seconds: number) => string;
  /** Points further apart than this (seconds) are not joined. */
  maxJoin: number;
}) {
  let host!: HTMLDivElement;
  let chart: uPlot | undefined;
  let observer: ResizeObserver | undefined;

  onMount(async () => {
    performance.mark(TREND_CHART_START_MARK);
    const UPlot = await loadUPlot();
    const values = props.points.map((p) => p.value);
    const mins = props.points.map((p) => p.min);
    const maxs = props.points.map((p) => p.max);
    const cut = breakAtGaps(
      { xs: props.points.map((p) => Date.parse(p.timestamp) / 1000), ys: [values, mins, maxs] },
      props.maxJoin,
    );
    const showMin = differsFrom(mins, values);
    const showMax = differsFrom(maxs, values);
    const data: uPlot.AlignedData = [
      cut.xs,
      cut.ys[0],
      ...(showMin ? [cut.ys[1]] : []),
      ...(showMax ? [cut.ys[2]] : []),
    ];
    const width = () => Math.max(280, host.clientWidth);
    const figure = legendValue(props.format);
    const l = props.labels;
    chart = new UPlot(
      {
        fmtDate: (tpl: string) => UPlot.fmtDate(tpl, dateNames(lang())),
        width: width(),
        height: 260,
        axes: [timeAxis(locale()), { label: props.unitLabel }],
        series: [
          { label: l.time, value: legendValue(props.formatTime) },
          { label: l.value, stroke: "#0b5563", width: 2, value: figure },
          ...(showMin ? [{ label: l.min, stroke: "#6b7785", dash: [4, 4], value: figure }] : []),
          ...(showMax ? [{ label: l.max, stroke: "#b45309", dash: [4, 4], value: figure }] : []),
        ],
        plugins: [legendReadoutPlugin()],
        hooks: {
          draw: [
            (u) => {
              // Reported points only (a gap's cut is a point of no figure).
              host.dataset.points = String(props.points.length);
              host.dataset.cuts = String(u.data[0].length - props.points.length);
              performance.mark(TREND_DRAWN_MARK);
            },
          ],
        },
      },
      data,
      host,
    );
    observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 260 }));
    observer.observe(host);
  });
  onCleanup(() => {
    observer?.disconnect();
    chart?.destroy();
  });
  return <div class="trend-chart" ref={host} role="img" aria-label={props.label} />;
}
