import { Show } from "solid-js";
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { describeCadence } from "../../data/waittimes/describeMethodology";
import { dateTimeOf, figureStamp, monthOf } from "../../data/waittimes/figureStamp";
import type { HospitalRecord, LatestWaitRecord } from "../../data/waittimes/hospitals";
import { defaultPeriodFor, isMonthly, nextFigureDue } from "../../data/waittimes/publishingRhythm";
import { locale, t } from "../../i18n/i18n";

/**
 * An empty period is never left as a blank chart: it says how often this hospital publishes,
 * what its latest figure covers and when the next one is due, and links to a period its rhythm fills.
 */
export default function NoFiguresInPeriod(props: {
  period: TrendPeriod;
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
}) {
  const cadence = () => props.hospital?.cadence_seconds;
  const next = () => {
    const c = cadence();
    const observedAt = props.latest?.value !== null ? props.latest?.observedAt : null;
    if (c === undefined) return null;
    if (!observedAt) return t("waits.next.never");
    const due = nextFigureDue(observedAt, c);
    const late = Date.now() > due.getTime() + c * 1000;
    const stamp = figureStamp(observedAt, c, t, locale());
    if (isMonthly(c)) {
      const month = monthOf(due.toISOString(), locale());
      return t(late ? "waits.next.monthLate" : "waits.next.month", { stamp, month });
    }
    return t(late ? "waits.next.late" : "waits.next.due", {
      stamp,
      time: dateTimeOf(due.toISOString(), locale()),
    });
  };
  const better = () => defaultPeriodFor(cadence());
  return (
    <div class="no-figures">
      <p data-testid="no-figures">
        {t("trends.none")}
        <Show when={cadence()}>
          {(c) => ` ${t("waits.none.rhythm", { cadence: describeCadence(c(), t) })}`}
        </Show>
      </p>
      <Show when={next()}>{(n) => <p data-testid="next-figure">{n()}</p>}</Show>
      <Show when={props.hospital && better() !== props.period}>
        <p>
          <a href={`/waits/${encodeURIComponent(props.hospital?.id ?? "")}?period=${better()}`}>
            {t("waits.none.see", { period: t(`trends.period.${better()}`) })}
          </a>
        </p>
      </Show>
    </div>
  );
}
