import { For, Show } from "solid-js";
import { durationText, type HospitalQuality } from "../../data/waittimes/dataQuality";
import { monthOf } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import { isMonthly } from "../../data/waittimes/publishingRhythm";
import { lang, locale, t } from "../../i18n/i18n";
import { formatDate, numberFormat } from "../../i18n/intlFormats";

/** The report's gaps and unusual values as lists, then the other checks in one line each. */
export default function QualityLists(props: { quality: HospitalQuality }) {
  const q = () => props.quality;
  // A monthly table's figures are named by their month, not by the first instant it is stamped at.
  const when = (iso: string) =>
    isMonthly(q().cadence_seconds)
      ? monthOf(iso, locale())
      : formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  const value = (v: number) => formatWait(v, q().metric_family, lang());
  const z = (v: number) => numberFormat(locale(), { maximumFractionDigits: 1 }).format(Math.abs(v));
  return (
    <>
      <section aria-labelledby="quality-gaps">
        <h2 id="quality-gaps">{t("waits.quality.gaps")}</h2>
        <p>
          {t("waits.quality.gapsIntro", { threshold: durationText(q().gaps.threshold_seconds / 60, lang()) })}
        </p>
        <Show
          when={q().gaps.items.length > 0}
          fallback={<p data-testid="no-gaps">{t("waits.quality.noGaps")}</p>}
        >
          <ul class="quality-list" data-testid="gap-list">
            <For each={q().gaps.items}>
              {(g) => (
                <li>
                  {t("waits.quality.gapItem", {
                    from: when(g.from),
                    to: when(g.to),
                    duration: durationText(g.minutes, lang()),
                  })}
                </li>
              )}
            </For>
          </ul>
          <Show when={q().gaps.count > q().gaps.items.length}>
            <p class="muted">
              {t("waits.quality.listed", { shown: q().gaps.items.length, count: q().gaps.count })}
            </p>
          </Show>
        </Show>
      </section>
      <section aria-labelledby="quality-anomalies">
        <h2 id="quality-anomalies">{t("waits.quality.anomalies")}</h2>
        <p>
          {t("waits.quality.anomaliesIntro", {
            median: q().anomalies.median === null ? "–" : value(q().anomalies.median as number),
          })}
        </p>
        <Show
          when={q().anomalies.items.length > 0}
          fallback={<p data-testid="no-anomalies">{t("waits.quality.noAnomalies")}</p>}
        >
          <ul class="quality-list" data-testid="anomaly-list">
            <For each={q().anomalies.items}>
              {(a) => (
                <li>
                  {t(a.robust_z > 0 ? "waits.quality.anomalyAbove" : "waits.quality.anomalyBelow", {
                    time: when(a.observed_at),
                    value: value(a.value),
                    z: z(a.robust_z),
                  })}
                </li>
              )}
            </For>
          </ul>
          <Show when={q().anomalies.count > q().anomalies.items.length}>
            <p class="muted">
              {t("waits.quality.listed", { shown: q().anomalies.items.length, count: q().anomalies.count })}
            </p>
          </Show>
        </Show>
      </section>
      <section aria-labelledby="quality-other">
        <h2 id="quality-other">{t("waits.quality.other")}</h2>
        <p>{t("waits.quality.duplicates", { count: q().duplicates.count })}</p>
        <p>{t("waits.quality.late", { count: q().late_arrivals })}</p>
      </section>
    </>
  );
}
