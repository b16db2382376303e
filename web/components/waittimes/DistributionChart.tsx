import { onCleanup, onMount } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/waittimes.css";
import { legendReadoutPlugin, legendValue } from "./chartLegend";
import { loadUPlot } from "./loadUPlot";

/**
 * One methodology group's distribution: each hospital's period average as a dot, shortest to
 * longest, with the 25th percentile, median and 75th percentile as flat lines. A picture for
 * sighted readers; the group's table beside it holds every figure.
 */
export default function DistributionChart(props: {
  means: number[];
  p25: number;
  median: number;
  p75: number;
  label: string;
  axisLabel: string;
  unitLabel: string;
  seriesLabels: { mean: string; p25: string; median: string; p75: string };
  format: (value: number) => string;
  /** A hospital's place on the x axis in words ("3rd of 20"). */
  formatRank: (rank: number, count: number) => string;
}) {
  let host!: HTMLDivElement;
  let chart: uPlot | undefined;
  let observer: ResizeObserver | undefined;

  onMount(async () => {
    const UPlot = await loadUPlot();
    const xs = props.means.map((_, i) => i + 1);
    const flat = (v: number) => xs.map(() => v);
    const data: uPlot.AlignedData = [xs, props.means, flat(props.p25), flat(props.median), flat(props.p75)];
    const width = () => Math.max(280, host.clientWidth);
    const l = props.seriesLabels;
    const figure = legendValue(props.format);
    chart = new UPlot(
      {
        width: width(),
        height: 240,
        scales: { x: { time: false } },
        axes: [{ label: props.axisLabel }, { label: props.unitLabel }],
        series: [
          { label: props.axisLabel, value: legendValue((rank) => props.formatRank(rank, xs.length)) },
          {
            label: l.mean,
            value: figure,
            stroke: "#0b5563",
            fill: "#0b5563",
            paths: () => null,
            points: { show: true, size: 7 },
          },
          { label: l.p25, stroke: "#6b7785", dash: [4, 4], points: { show: false }, value: figure },
          { label: l.median, stroke: "#1f2933", width: 2, points: { show: false }, value: figure },
          { label: l.p75, stroke: "#b45309", dash: [4, 4], points: { show: false }, value: figure },
        ],
        plugins: [legendReadoutPlugin()],
        hooks: {
          draw: [
            (u) => {
              host.dataset.points = String(u.data[0].length);
            },
          ],
        },
      },
      data,
      host,
    );
    observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 240 }));
    observer.observe(host);
  });
  onCleanup(() => {
    observer?.disconnect();
    chart?.destroy();
  });
  return <div class="trend-chart distribution-chart" ref={host} role="img" aria-label={props.label} />;
}
