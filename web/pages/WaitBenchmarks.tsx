import { useSearchParams } from "@solidjs/router";
import { createEffect, createResource, For, Match, Show, Switch } from "solid-js";
import { BENCHMARK_PERIODS, type Province } from "../../shared/waittimes/schemas";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import BenchmarkGroup from "../components/waittimes/BenchmarkGroup";
import Call911Line from "../components/waittimes/Call911Line";
import { loadUPlot } from "../components/waittimes/loadUPlot";
import ProvincePicker from "../components/waittimes/ProvincePicker";
import { DEFAULT_BENCHMARK_PERIOD, fetchBenchmarks, isBenchmarkPeriod } from "../data/waittimes/benchmarks";
import { groupViews } from "../data/waittimes/benchmarkView";
import { provinceFrom, rememberProvince } from "../data/waittimes/lastProvince";
import { locale, t } from "../i18n/i18n";
import { formatDate } from "../i18n/intlFormats";
import "../styles/waittimes.css";

/** Figures computed longer ago than this are a saved copy, not the server's answer now. */
const SAVED_COPY_AFTER_MS = 5 * 60_000;

/** /waits/benchmarks?province=&period=: each methodology group's distribution and ranking. */
export default function WaitBenchmarks() {
  usePageTitle("waits.bench.title");
  const [params] = useSearchParams();
  void loadUPlot().catch(() => undefined);
  const province = (): Province => provinceFrom(params.province);
  createEffect(() => rememberProvince(province()));
  const period = () => (isBenchmarkPeriod(params.period) ? params.period : DEFAULT_BENCHMARK_PERIOD);
  const [data, { refetch }] = createResource(
    () => ({ province: province(), period: period() }),
    (q) => fetchBenchmarks(q.province, q.period),
  );
  const href = (p: Province, per: string) => `/waits/benchmarks?province=${p}&period=${per}`;
  return (
    <>
      <p>
        <a href={`/waits?province=${province()}`}>
          {t("trends.back", { province: t(`province.${province()}`) })}
        </a>
      </p>
      <h1>{t("waits.bench.title")}</h1>
      <Call911Line />
      <p class="lead">{t("waits.bench.intro")}</p>
      <ProvincePicker current={province()} hrefFor={(p) => href(p, period())} />
      <nav class="segmented" aria-label={t("trends.period")}>
        <ul>
          <For each={BENCHMARK_PERIODS}>
            {(p) => (
              <li>
                <a href={href(province(), p)} aria-current={period() === p ? "page" : undefined}>
                  {t(`trends.period.${p}`)}
                </a>
              </li>
            )}
          </For>
        </ul>
      </nav>
      <Switch>
        <Match when={data.error}>
          <LoadError message={t("waits.bench.error")} onRetry={() => void refetch()} homeLink={false} />
        </Match>
        <Match when={data()}>
          {(d) => (
            <>
              <p data-testid="bench-summary">
                {d().methodology_summary.homogeneous
                  ? t("waits.bench.homogeneous")
                  : t("waits.bench.mixed", { count: d().methodology_summary.group_count })}
              </p>
              {/* Older than a fresh answer: the service worker's saved copy (offline, or the server
                  not reached), which must say when its "last 24 hours" were. */}
              <Show when={Date.now() - Date.parse(d().generated_at) > SAVED_COPY_AFTER_MS}>
                <p class="notice" data-testid="bench-as-of">
                  {t("waits.bench.asOf", {
                    time: formatDate(locale(), d().generated_at, { dateStyle: "long", timeStyle: "short" }),
                  })}
                </p>
              </Show>
              {/* A monthly publisher (Ontario): its figures are each month's, whatever period is
                  chosen above, and the page says so rather than calling them a period's average. */}
              <Show when={d().figure_period === "month" ? d().figure_month : null}>
                {(month) => (
                  <p class="notice" data-testid="bench-monthly">
                    {t("waits.bench.monthly", {
                      month: formatDate(locale(), `${month()}-01T12:00:00Z`, {
                        month: "long",
                        year: "numeric",
                        timeZone: "UTC",
                      }),
                    })}
                  </p>
                )}
              </Show>
              <Show when={d().demo}>
                <p class="notice">{t("trends.demo")}</p>
              </Show>
              <For each={groupViews(d())}>
                {(g, i) => <BenchmarkGroup group={g} index={i()} monthly={d().figure_period === "month"} />}
              </For>
              <p class="muted">{t("waits.bench.rule")}</p>
            </>
          )}
        </Match>
        <Match when={data.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
