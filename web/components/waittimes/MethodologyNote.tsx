import { Show } from "solid-js";
import type { Hospital, Methodology } from "../../../shared/waittimes/schemas";
import { describeMeasure, describeMethodology } from "../../data/waittimes/describeMethodology";
import { t } from "../../i18n/i18n";

/** Under the chart: what the figure is, in one sentence, its unit, and who publishes it. */
export default function MethodologyNote(props: { methodology: Methodology; unit: string; facts?: Hospital }) {
  const sentence = () => {
    const cadence = props.facts?.cadence_seconds;
    if (cadence) return describeMethodology(props.methodology, cadence, t);
    const m = describeMeasure(props.methodology, t);
    return `${m.span}, ${m.statistic}.`;
  };
  return (
    <section class="method-note" aria-labelledby="method-heading">
      <h2 id="method-heading">{t("waits.method.heading")}</h2>
      <p data-testid="methodology-sentence">{sentence()}</p>
      <p data-testid="unit">
        {t("waits.unit", {
          unit: t(props.unit === "percent" ? "trends.unit.percent" : "trends.unit.minutes"),
        })}
      </p>
      <Show when={props.facts?.source_name}>
        {(source) => <p>{t("waits.method.source", { source: source() })}</p>}
      </Show>
    </section>
  );
}
