import { createResource, For, Match, onCleanup, Show, Switch } from "solid-js";
import { fetchObservability } from "../../data/observability";
import { lang, t } from "../../i18n/i18n";
import BreakerList from "./BreakerList";
import RouteTable from "./RouteTable";
import ThresholdTable from "./ThresholdTable";

const REFRESH_MS = 15_000;
const WINDOWS = ["5m", "1h", "24h"] as const;

/** The operator view, refreshed every 15 s while the page is open. */
export default function Dashboard() {
  const [view, { refetch }] = createResource(fetchObservability);
  const timer = setInterval(() => void refetch(), REFRESH_MS);
  onCleanup(() => clearInterval(timer));
  const time = (iso: string) => new Date(iso).toLocaleTimeString(lang());
  return (
    <Switch>
      <Match when={view.error && !view.latest}>
        <p role="alert">{t("obs.error")}</p>
      </Match>
      <Match when={view.latest}>
        {(v) => (
          <>
            <p class={v().thresholds.healthy ? "status-ok" : "status-bad"} data-testid="overall">
              {v().thresholds.healthy ? t("obs.healthy") : t("obs.unhealthy")}
              <Show when={v().impliedSeverity}>
                {(sev) => ` · ${t("obs.severity", { severity: sev() })}`}
              </Show>
            </p>
            <p class="muted">
              {t("obs.updated", { time: time(v().generatedAt) })}{" "}
              <button type="button" onClick={() => void refetch()}>
                {t("obs.refresh")}
              </button>
            </p>
            <ThresholdTable thresholds={v().thresholds} />
            <BreakerList breakers={v().breakers} />
            <section aria-labelledby="incidents-heading">
              <h2 id="incidents-heading">{t("obs.incidents")}</h2>
              <Show when={v().activeIncidents.length > 0} fallback={<p>{t("obs.noIncidents")}</p>}>
                <ul class="plain">
                  <For each={v().activeIncidents}>
                    {(i) => (
                      <li>
                        <strong>{i.id}</strong> {i.severity} – {i.title} ({i.status})
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
            </section>
            <h2>{t("obs.routes")}</h2>
            <For each={WINDOWS}>{(w) => <RouteTable window={w} routes={v().routes[w] ?? []} />}</For>
          </>
        )}
      </Match>
      <Match when={view.loading}>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
