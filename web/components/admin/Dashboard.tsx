import { createEffect, createResource, createSignal, For, Match, onCleanup, Show, Switch } from "solid-js";
import { fetchObservability, type Observability, WINDOW_NAMES } from "../../data/admin/observability";
import { isApiError } from "../../data/api/client";
import { lang, locale, t } from "../../i18n/i18n";
import "../../styles/admin.css";
import { formatDate } from "../../i18n/intlFormats";
import AlertDelivery from "./AlertDelivery";
import BreakerList from "./BreakerList";
import IncidentPanel from "./IncidentPanel";
import InviteForm from "./InviteForm";
import MetricCharts from "./MetricCharts";
import RouteTable from "./RouteTable";
import ThresholdTable from "./ThresholdTable";

const REFRESH_MS = 15_000;

/** The operator view, refreshed every 15 s while the page is open. */
export default function Dashboard() {
  // Checks and reasons come worded in the reader's language: a change of language asks again.
  const [view, { refetch }] = createResource(lang, fetchObservability);
  // The last figures that came: a refresh that fails (offline, a 503, a session that ended) leaves
  // them on screen with a line saying so. Reading a failed resource throws, which would replace
  // the whole page with the app's error screen and lose what the operator was typing.
  const [shown, setShown] = createSignal<Observability>();
  createEffect(() => {
    if (view.state === "ready") setShown(() => view());
  });
  const failure = () => (view.state === "errored" ? (view.error as unknown) : undefined);
  const timer = setInterval(() => void refetch(), REFRESH_MS);
  onCleanup(() => clearInterval(timer));
  const time = (iso: string) => formatDate(locale(), iso, { timeStyle: "medium" });
  return (
    <Switch>
      <Match when={failure() && !shown()}>
        <p role="alert">{t("obs.error")}</p>
      </Match>
      <Match when={shown()}>
        {(v) => (
          <>
            <Show when={failure()}>
              {(error) => (
                <p role="alert" class="notice" data-testid="obs-stale">
                  {isApiError(error(), 401)
                    ? t("obs.staleSignedOut", { time: time(v().generatedAt) })
                    : t("obs.stale", { time: time(v().generatedAt) })}
                </p>
              )}
            </Show>
            <div class={v().thresholds.healthy ? "status-ok" : "status-bad"} data-testid="overall">
              <p>
                {v().thresholds.healthy ? t("obs.healthy") : t("obs.unhealthy")}
                <Show when={v().impliedSeverity}>
                  {(implied) => <> · {t("obs.severity", { severity: implied().severity })}</>}
                </Show>
              </p>
              <Show when={v().impliedSeverity?.reasons.length}>
                <ul data-testid="implied-reasons">
                  <For each={v().impliedSeverity?.reasons ?? []}>{(r) => <li>{r}</li>}</For>
                </ul>
              </Show>
            </div>
            <p class="muted">
              {t("obs.updated", { time: time(v().generatedAt) })}{" "}
              <button type="button" onClick={() => void refetch()}>
                {t("obs.refresh")}
              </button>
            </p>
            <ThresholdTable thresholds={v().thresholds} />
            <AlertDelivery delivery={v().alertDelivery} />
            <BreakerList breakers={v().breakers} />
            <MetricCharts series={v().series} />
            <IncidentPanel />
            <InviteForm />
            <h2>{t("obs.routes")}</h2>
            <For each={WINDOW_NAMES}>{(w) => <RouteTable window={w} routes={v().routes[w] ?? []} />}</For>
          </>
        )}
      </Match>
      <Match when={view.loading}>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
