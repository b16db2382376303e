import type { MethodologyChangeNote as Change } from "../../../shared/waittimes/schemas";
import { describeMeasure } from "../../data/waittimes/describeMethodology";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

/**
 * Above the history: the hospital changed how it measures its wait within the period, so the
 * figures before the change are not drawn (one line would join two different measures).
 */
export default function MethodologyChangeNote(props: { change: Change; timeZone: string }) {
  const way = (m: Change["methodology"]) => {
    const d = describeMeasure(m, t);
    return t("waits.change.way", { span: d.span, statistic: d.statistic });
  };
  const day = (iso: string) =>
    formatDate(locale(), iso, { dateStyle: "long", timeStyle: "short", timeZone: props.timeZone });
  return (
    <section class="method-change" aria-labelledby="method-change-heading" data-testid="methodology-change">
      <h2 id="method-change-heading">{t("waits.change.heading")}</h2>
      <p>
        {t("waits.change.sentence", {
          date: day(props.change.changed_at),
          before: way(props.change.previous_methodology),
          after: way(props.change.methodology),
        })}
      </p>
      <p>{t("waits.change.shown", { date: day(props.change.shown_from) })}</p>
    </section>
  );
}
