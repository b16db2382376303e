import { For, Show } from "solid-js";
import type { GroupView } from "../../data/waittimes/benchmarkView";
import { trendArrow } from "../../data/waittimes/benchmarkView";
import { describeMeasure } from "../../data/waittimes/describeMethodology";
import { formatWait } from "../../data/waittimes/formatWait";
import { lang, locale, t } from "../../i18n/i18n";
import { numberFormat } from "../../i18n/intlFormats";
import DistributionChart from "./DistributionChart";
import ScrollingTable from "./ScrollingTable";

/** One methodology group: what it measures, its spread, the distribution chart and the ranking. */
/** `monthly`: the figures are each hospital's month (a monthly publisher), not a period's average. */
export default function BenchmarkGroup(props: { group: GroupView; index: number; monthly?: boolean }) {
  const g = () => props.group;
  const metric = () => g().methodology.metric_family;
  const fmt = (v: number | null) => (v === null ? "–" : formatWait(v, metric(), lang()));
  const headingId = () => `bench-group-${props.index}`;
  const description = () => {
    const m = describeMeasure(g().methodology, t);
    return t("waits.bench.groupDescription", { span: m.span, statistic: m.statistic });
  };
  const s = () => g().statistics;
  const unit = () => t(metric() === "STRETCHER_OCCUPANCY" ? "trends.unit.percent" : "trends.unit.minutes");
  const percentile = (p: number | null) =>
    p === null ? "–" : numberFormat(locale(), { maximumFractionDigits: 0 }).format(p);
  return (
    <section class="bench-group" aria-labelledby={headingId()} data-group={g().key}>
      <h2 id={headingId()}>{t("waits.bench.group", { n: props.index + 1, description: description() })}</h2>
      <Show when={s().n > 0} fallback={<p>{t("waits.bench.noStats")}</p>}>
        <p data-testid="group-stats">
          {t("waits.bench.stats", {
            n: s().n,
            count: g().hospitalCount,
            p25: fmt(s().p25),
            p75: fmt(s().p75),
            median: fmt(s().median),
            min: fmt(s().min),
            max: fmt(s().max),
          })}
        </p>
        <DistributionChart
          means={g().sortedMeans}
          p25={s().p25 ?? 0}
          median={s().median ?? 0}
          p75={s().p75 ?? 0}
          label={t("waits.bench.chartLabel")}
          axisLabel={t("waits.bench.axis")}
          unitLabel={unit()}
          seriesLabels={{
            mean: t("waits.bench.series"),
            p25: t("waits.bench.p25"),
            median: t("waits.bench.median"),
            p75: t("waits.bench.p75"),
          }}
          format={(v) => fmt(v)}
          formatRank={(rank, count) => t("waits.bench.rank", { rank, count })}
        />
      </Show>
      <ScrollingTable label={t("waits.bench.tableLabel", { n: props.index + 1 })}>
        <table class="data bench-table">
          <thead>
            <tr>
              <th scope="col">{t("waits.bench.col.hospital")}</th>
              <th scope="col">{t(props.monthly ? "waits.bench.col.month" : "waits.bench.col.mean")}</th>
              <th scope="col">{t("waits.bench.col.percentile")}</th>
              <th scope="col">{t("waits.bench.col.quartile")}</th>
              <th scope="col">{t("waits.bench.col.trend")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={g().hospitals}>
              {(h) => {
                const arrow = trendArrow(h.trend);
                return (
                  <tr>
                    <th scope="row">
                      <a href={`/waits/${encodeURIComponent(h.hospital_id)}`}>{h.name}</a>
                    </th>
                    <td>{h.period_mean === null ? t("waits.bench.noFigure") : fmt(h.period_mean)}</td>
                    <td data-testid="percentile">{percentile(h.percentile)}</td>
                    <td>{h.quartile === null ? "–" : t("waits.bench.quartile", { q: h.quartile })}</td>
                    <td data-testid="trend">
                      <span class={arrow.className} aria-hidden="true">
                        {arrow.arrow}
                      </span>
                      {t(`waits.bench.trend.${h.trend ?? "none"}`)}
                      {h.change_percent === null
                        ? ""
                        : ` (${numberFormat(locale(), { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(h.change_percent)} %)`}
                    </td>
                  </tr>
                );
              }}
            </For>
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  );
}
