import { For, Show } from "solid-js";
import { explainDivergence } from "../../../shared/waittimes/compare";
import type { Comparison, TrendPeriod } from "../../../shared/waittimes/schemas";
import { describeMeasure } from "../../data/waittimes/describeMethodology";
import { figureLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import { lang, locale, t } from "../../i18n/i18n";
import ComparedTrendChart from "./ComparedTrendChart";
import ScrollingTable from "./ScrollingTable";

const FIELDS = ["metric_family", "start_event", "end_event", "statistic_type"] as const;

/**
 * Whether two hospitals' figures can be compared: when not, one sentence says why, then one short
 * line per differing field whose explanation is folded under it; the table sets the fields side by side.
 * The latest figures share a row only when comparable: otherwise each is shown under its hospital's
 * name with what it measures, so two numbers measured differently never read as a ranking.
 */
export default function ComparisonResult(props: {
  result: Comparison;
  period: TrendPeriod;
  /** How often a hospital publishes (seconds), from the saved registry. */
  cadenceOf: (id: string) => number | undefined;
}) {
  const r = () => props.result;
  const explained = () => explainDivergence(r().hospital_a, r().hospital_b, lang());
  const label = (field: (typeof FIELDS)[number], h: Comparison["hospital_a"]) => {
    if (field === "metric_family") return t(`metric.${h.metric_family}`);
    if (field === "statistic_type") return t(`statistic.${h.statistic_type}`);
    return t(field === "start_event" ? `event.${h.start_event}` : `event.${h.end_event}`);
  };
  // The figure with what it is and when ("monthly average, October 2026"): a monthly figure set
  // beside a live one must not look current.
  const latest = (h: Comparison["hospital_a"]) => {
    if (h.latest_value === null) return "–";
    const value = formatWait(h.latest_value, h.metric_family, lang());
    const cadence = props.cadenceOf(h.id);
    if (!h.latest_observed_at || cadence === undefined) return value;
    return `${value} · ${figureLabel(h.latest_observed_at, cadence, h.statistic_type, t, locale())}`;
  };
  return (
    <section aria-labelledby="comparison-heading">
      <h2 id="comparison-heading">{t("compare.result")}</h2>
      <p class={r().comparable ? "status-ok" : "status-bad"} data-testid="comparable">
        {r().comparable ? t("compare.comparable") : (explained()?.headline ?? t("compare.notComparable"))}
      </p>
      <Show when={explained()}>
        {(e) => (
          <ul class="differences" data-testid="brief">
            <For each={e().fields}>
              {(f) => (
                <li data-field={f.field}>
                  <details>
                    <summary>{f.line}</summary>
                    <p>{f.detail}</p>
                  </details>
                </li>
              )}
            </For>
          </ul>
        )}
      </Show>
      <ScrollingTable label={t("waits.compare.tableLabel")}>
        <table class="data compare-table">
          <thead>
            <tr>
              <th scope="col">{t("compare.field")}</th>
              <th scope="col">{r().hospital_a.name}</th>
              <th scope="col">{r().hospital_b.name}</th>
            </tr>
          </thead>
          <tbody>
            <For each={FIELDS}>
              {(f) => (
                <tr class={r().differing_fields.includes(f) ? "differs" : undefined}>
                  <th scope="row">
                    {t(`compare.field.${f}`)}
                    {r().differing_fields.includes(f) ? ` (${t("compare.differs")})` : ""}
                  </th>
                  <td>{label(f, r().hospital_a)}</td>
                  <td>{label(f, r().hospital_b)}</td>
                </tr>
              )}
            </For>
            <Show when={r().comparable}>
              <tr data-testid="compare-latest">
                <th scope="row">{t("compare.latest")}</th>
                <td>{latest(r().hospital_a)}</td>
                <td>{latest(r().hospital_b)}</td>
              </tr>
            </Show>
          </tbody>
        </table>
      </ScrollingTable>
      <Show when={!r().comparable}>
        <div data-testid="separate-latest">
          <p>{t("waits.compare.apart")}</p>
          <For each={[r().hospital_a, r().hospital_b]}>
            {(h) => (
              <div class="separate-figure">
                <h3>{h.name}</h3>
                <p class="latest">
                  {h.latest_value === null ? t("waits.noFigure") : `${t("waits.latest")} ${latest(h)}`}
                </p>
                <p class="method">{t("waits.compare.method", describeMeasure(h, t))}</p>
              </div>
            )}
          </For>
        </div>
      </Show>
      <Show
        when={r().comparable && `${r().hospital_a.id}|${r().hospital_b.id}|${props.period}`}
        keyed
        fallback={<p data-testid="no-chart">{t("waits.compare.noChart")}</p>}
      >
        <ComparedTrendChart a={r().hospital_a} b={r().hospital_b} period={props.period} />
      </Show>
    </section>
  );
}
