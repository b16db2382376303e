import { onCleanup, onMount } from "solid-js";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/waittimes.css";
import { coverageTimeline, type QualityDay } from "../../data/waittimes/dataQuality";
import { lang, locale, t } from "../../i18n/i18n";
import { timeAxis } from "./chartAxis";
import { dateNames } from "./chartDates";
import { legendReadoutPlugin, legendValue } from "./chartLegend";
import { loadUPlot } from "./loadUPlot";

/**
 * Coverage timeline: one bar per day, the share of the expected reports that arrived (0–100 %).
 * A picture for sighted readers; the table under it has the same figures.
 */
export default function CoverageChart(props: {
  daily: QualityDay[];
  label: string;
  seriesLabel: string;
  unitLabel: string;
  formatDay: (seconds: number) => string;
  formatPercent: (percent: number) => string;
}) {
  let host!: HTMLDivElement;
  let chart: uPlot | undefined;
  let observer: ResizeObserver | undefined;

  onMount(async () => {
    const UPlot = await loadUPlot();
    const { xs, percents } = coverageTimeline(props.daily);
    const width = () => Math.max(280, host.clientWidth);
    const bars = UPlot.paths.bars?.({ size: [0.8, 40] });
    chart = new UPlot(
      {
        fmtDate: (tpl: string) => UPlot.fmtDate(tpl, dateNames(lang())),
        width: width(),
        height: 220,
        scales: { y: { range: [0, 100] } },
        axes: [timeAxis(locale()), { label: props.unitLabel }],
        series: [
          { label: t("waits.quality.day"), value: legendValue(props.formatDay) },
          {
            label: props.seriesLabel,
            stroke: "#0b5563",
            fill: "rgba(11, 85, 99, 0.45)",
            paths: bars,
            points: { show: false },
            value: legendValue(props.formatPercent),
          },
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
      [xs, percents],
      host,
    );
    observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 220 }));
    observer.observe(host);
  });
  onCleanup(() => {
    observer?.disconnect();
    chart?.destroy();
  });
  return <div class="trend-chart coverage-chart" ref={host} role="img" aria-label={props.label} />;
}
