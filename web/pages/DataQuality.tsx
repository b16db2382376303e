import { useParams, useSearchParams } from "@solidjs/router";
import { createEffect, createResource, For, Match, Show, Switch } from "solid-js";
import LoadError from "../components/LoadError";
import CoverageChart from "../components/waittimes/CoverageChart";
import CoverageTable from "../components/waittimes/CoverageTable";
import { loadUPlot } from "../components/waittimes/loadUPlot";
import QualityLists from "../components/waittimes/QualityLists";
import { isApiError } from "../data/api/client";
import {
  fetchHospitalQuality,
  isQualityWindow,
  QUALITY_WINDOWS,
  type QualityWindow,
} from "../data/waittimes/dataQuality";
import { describeCadence } from "../data/waittimes/describeMethodology";
import { monthOf } from "../data/waittimes/figureStamp";
import { isMonthly } from "../data/waittimes/publishingRhythm";
import { locale, t } from "../i18n/i18n";
import "../styles/waittimes.css";
import { formatDate, formatNumber, numberFormat } from "../i18n/intlFormats";

/** /waits/:id/quality?days=: how completely and regularly a hospital's figures arrive. */
export default function DataQuality() {
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  void loadUPlot().catch(() => undefined);
  const days = (): QualityWindow =>
    isQualityWindow(search.days) ? (Number(search.days) as QualityWindow) : 30;
  const [report, { refetch }] = createResource(
    () => ({ id: params.id, days: days() }),
    (q) => fetchHospitalQuality(q.id, q.days),
  );
  createEffect(() => {
    // A resource in error throws when read: only a loaded report names the hospital.
    const name =
      report.state === "ready" || report.state === "refreshing" ? report.latest?.hospital.name : undefined;
    document.title = `${name ? t("waits.quality.heading", { name }) : t("waits.quality.title")} · ${t("app.name")}`;
  });
  const pct = (p: number) =>
    numberFormat(locale(), { style: "percent", maximumFractionDigits: 1 }).format(p / 100);
  // A monthly figure is stamped at its month's first instant (UTC): it is named by its month.
  const when = (iso: string, cadence: number) =>
    isMonthly(cadence)
      ? monthOf(iso, locale())
      : formatDate(locale(), iso, { dateStyle: "long", timeStyle: "short" });
  const day = (s: number) => formatDate(locale(), s * 1000, { dateStyle: "medium", timeZone: "UTC" });
  const id = () => encodeURIComponent(params.id);
  return (
    <Switch>
      <Match when={report.error}>
        <h1>{t("waits.quality.title")}</h1>
        <LoadError
          message={isApiError(report.error, 404) ? t("trends.notFound") : t("waits.quality.error")}
          // No such hospital: trying again would not help.
          onRetry={isApiError(report.error, 404) ? undefined : () => void refetch()}
          homeLink={false}
        />
      </Match>
      <Match when={report()}>
        {(r) => {
          const q = () => r().hospital;
          return (
            <>
              <p>
                <a href={`/waits/${id()}`}>{t("waits.quality.back", { name: q().name })}</a>
              </p>
              <h1>{t("waits.quality.heading", { name: q().name })}</h1>
              <p class="lead">{t("waits.quality.intro", { days: r().days })}</p>
              <nav class="segmented" aria-label={t("waits.quality.window")}>
                <ul>
                  <For each={QUALITY_WINDOWS}>
                    {(d) => (
                      <li>
                        <a
                          href={`/waits/${id()}/quality?days=${d}`}
                          aria-current={days() === d ? "page" : undefined}
                        >
                          {t(`trends.period.${d}d` as "trends.period.7d")}
                        </a>
                      </li>
                    )}
                  </For>
                </ul>
              </nav>
              <Show when={r().demo}>
                <p class="notice">{t("trends.demo")}</p>
              </Show>
              <p data-testid="coverage">
                {t("waits.quality.coverage", {
                  percent: pct(q().coverage * 100),
                  received: formatNumber(locale(), q().received),
                  expected: formatNumber(locale(), q().expected),
                })}
              </p>
              <p>{t("waits.quality.cadence", { cadence: describeCadence(q().cadence_seconds, t) })}</p>
              <p data-testid="staleness">
                {q().staleness.latest_observed_at
                  ? t(q().staleness.stale ? "waits.quality.stale" : "waits.quality.fresh", {
                      time: when(q().staleness.latest_observed_at as string, q().cadence_seconds),
                    })
                  : t("waits.quality.never")}
              </p>
              <section aria-labelledby="quality-timeline">
                <h2 id="quality-timeline">{t("waits.quality.timeline")}</h2>
                {/* Keyed: another window's days draw a new chart rather than keeping the old one. */}
                <Show
                  when={q().daily.length > 0 && q().daily}
                  keyed
                  fallback={<p>{t("waits.quality.timelineNone")}</p>}
                >
                  {(daily) => (
                    <>
                      <CoverageChart
                        daily={daily}
                        label={t("waits.quality.timelineLabel")}
                        seriesLabel={t("waits.quality.timelineSeries")}
                        unitLabel={t("trends.unit.percent")}
                        formatDay={day}
                        formatPercent={pct}
                      />
                      <CoverageTable daily={daily} formatPercent={pct} />
                    </>
                  )}
                </Show>
                <Show when={r().notes}>
                  <p class="muted">{t("waits.quality.thinned")}</p>
                </Show>
              </section>
              <QualityLists quality={q()} />
            </>
          );
        }}
      </Match>
      <Match when={report.loading}>
        <h1>{t("waits.quality.title")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
