import { createEffect, on, onCleanup, onMount } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { locale } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

const HEIGHT = 200;

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
  // Ticks show seconds when the chart spans minutes (5 min window), else hours and minutes.
  const clock = (seconds: number, withSeconds: boolean) =>
    formatDate(locale(), seconds * 1000, {
      hour: "2-digit",
      minute: "2-digit",
      ...(withSeconds ? { second: "2-digit" } : {}),
    });

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
            space: 70,
            values: (u, splits) => {
              const span = (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0);
              return splits.map((s) => clock(s, span <= 600));
            },
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
