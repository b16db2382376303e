import { createSignal, For } from "solid-js";
import { type Observability, WINDOW_NAMES, type WindowName } from "../../data/admin/observability";
import { METRICS } from "../../data/waittimes/seriesSummary";
import { t } from "../../i18n/i18n";
import MetricFigure from "./MetricFigure";

/** Request rate, error rate and p95 of all /api/v1 traffic over the chosen window. */
export default function MetricCharts(props: { series: Observability["series"] }) {
  const [chosen, setChosen] = createSignal<WindowName>("5m");
  return (
    <section aria-labelledby="charts-heading" class="metric-charts">
      <h2 id="charts-heading">{t("admin.charts")}</h2>
      <fieldset class="choice-list window-choice">
        <legend>{t("admin.window.legend")}</legend>
        <For each={WINDOW_NAMES}>
          {(w) => (
            <label>
              <input
                type="radio"
                name="chart-window"
                value={w}
                checked={chosen() === w}
                onChange={() => setChosen(w)}
              />
              {t(`admin.window.${w}`)}
            </label>
          )}
        </For>
      </fieldset>
      <p class="muted" data-testid="chart-step">
        {t("admin.charts.step", { step: t(`admin.stepSize.${chosen()}`) })}
      </p>
      <div class="metric-grid">
        <For each={METRICS}>{(m) => <MetricFigure metric={m} series={props.series[chosen()]} />}</For>
      </div>
    </section>
  );
}
