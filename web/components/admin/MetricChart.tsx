import { createEffect, on, onCleanup, onMount } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { stepTimeFormat } from "../../data/admin/observability";
import { locale } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

const HEIGHT = 200;
/** uPlot's own axis font, named so the tick widths are measured in it. */
const TICK_FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif";

/**
 * One line chart of the operator page (uPlot, loaded with this page only). The picture is for
 * sighted readers: the figure's caption and table beside it carry the same figures in words.
 * New data (refresh, another window) is drawn into the same chart. Points are always drawn:
 * steps without requests leave gaps, and a lone measured step would otherwise be invisible.
 */
export default function MetricChart(props: {
  times: number[];
  values: Array<number | null>;
  label: string;
  unit: string;
  stroke: string;
  testId: string;
}) {
  let host!: HTMLDivElement;
  let chart: uPlot | undefined;
  let observer: ResizeObserver | undefined;
  const data = (): uPlot.AlignedData => [props.times.map((ms) => ms / 1000), props.values];
  // Ticks as the figures table writes the steps (stepTimeFormat: the weekday over midnight), but
  // without seconds: ticks fall on whole minutes, where they would always read ":00".
  const ticks = (u: uPlot) => {
    const { second: _always00, ...format } = stepTimeFormat(
      (u.scales.x.min ?? 0) * 1000,
      (u.scales.x.max ?? 0) * 1000,
    );
    return (seconds: number) => formatDate(locale(), seconds * 1000, format);
  };
  // Room for one tick's words, measured: "Mon 10:05 PM" and "lun. 22 h 05" differ in width.
  const measure = document.createElement("canvas").getContext("2d");
  const tickSpace = (u: uPlot) => {
    if (!measure) return 90;
    measure.font = TICK_FONT;
    return Math.ceil(measure.measureText(ticks(u)((u.scales.x.max ?? 0) - 1)).width) + 16;
  };

  onMount(async () => {
    const { default: UPlot } = await import("uplot");
    const width = () => Math.max(260, host.clientWidth);
    chart = new UPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            font: TICK_FONT,
            space: (u) => tickSpace(u),
            values: (u, splits) => splits.map(ticks(u)),
          },
          { label: props.unit, size: 60 },
        ],
        series: [
          {},
          {
            label: props.label,
            stroke: props.stroke,
            width: 2,
            points: { show: true, size: 6, fill: props.stroke },
          },
        ],
      },
      data(),
      host,
    );
    observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: HEIGHT }));
    observer.observe(host);
  });
  createEffect(on([() => props.times, () => props.values], () => chart?.setData(data()), { defer: true }));
  onCleanup(() => {
    observer?.disconnect();
    chart?.destroy();
  });
  // The caption and table of the figure say what the chart shows; the canvas itself is decorative.
  return <div class="metric-chart" ref={host} aria-hidden="true" data-testid={props.testId} />;
}
