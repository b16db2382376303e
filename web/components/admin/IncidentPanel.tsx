import { createEffect, createResource, createSignal, For, onCleanup, Show } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import { type Incident, type IncidentAction, isActive, listIncidents } from "../../data/admin/incidents";
import { t } from "../../i18n/i18n";
import IncidentItem from "./IncidentItem";
import OpenIncidentForm from "./OpenIncidentForm";

const REFRESH_MS = 15_000;
const TICK_MS = 30_000;
const RECENT_MS = 7 * 24 * 3_600_000;
const RECENT_MAX = 10;

/** The incident log: open a new one, the active ones with their timers, and the recently ended. */
export default function IncidentPanel() {
  const [incidents, { refetch }] = createResource(listIncidents);
  // Kept in a store reconciled by id, so a refresh updates items in place instead of re-creating
  // them (a note being typed survives the 15-second refresh).
  const [state, setState] = createStore<{ list: Incident[] }>({ list: [] });
  createEffect(() => {
    // Only a list that came: reading a failed resource throws (the error line below says why).
    if (incidents.state === "ready") setState("list", reconcile(incidents(), { key: "id" }));
  });
  const [now, setNow] = createSignal(Date.now());
  const [announcement, setAnnouncement] = createSignal("");
  const refresh = setInterval(() => void refetch(), REFRESH_MS);
  const tick = setInterval(() => setNow(Date.now()), TICK_MS);
  onCleanup(() => {
    clearInterval(refresh);
    clearInterval(tick);
  });
  const all = () => state.list;
  const active = () => all().filter(isActive);
  // A resolved incident stays listed, however old, until its post-incident review is recorded.
  const recent = () =>
    all()
      .filter(
        (i) =>
          !isActive(i) &&
          (i.status === "resolved" || now() - Date.parse(i.resolvedAt ?? i.detectedAt) < RECENT_MS),
      )
      .slice(0, RECENT_MAX);
  // Shows the changed incident at once, then reloads the list for the server's fresh timers.
  const changed = (incident: Incident, action: IncidentAction | "open" | "commander" | "severity") => {
    const at = state.list.findIndex((x) => x.id === incident.id);
    if (at >= 0) setState("list", at, reconcile(incident));
    else setState("list", (list) => [incident, ...list]);
    setNow(Date.now());
    setAnnouncement(
      action === "update"
        ? t("admin.done.update", { id: incident.id })
        : action === "commander"
          ? t("admin.lead.done", { id: incident.id, name: incident.commander ?? "" })
          : action === "severity"
            ? t("admin.assess.done", { id: incident.id, severity: t(`admin.severity.${incident.severity}`) })
            : t("admin.done", { id: incident.id, status: t(`admin.status.${incident.status}`) }),
    );
    void refetch();
  };
  const item = (i: Incident) => <IncidentItem incident={i} now={now()} onChanged={changed} />;
  return (
    <section aria-labelledby="incidents-heading" class="incident-panel">
      <h2 id="incidents-heading">{t("admin.incidents")}</h2>
      <p role="status" class="announce" data-testid="incident-announce">
        {announcement()}
      </p>
      <OpenIncidentForm onOpened={(i) => changed(i, "open")} />
      <Show when={incidents.error}>
        {(e) => <p role="alert">{t("admin.incidents.loadError", { reason: (e() as Error).message })}</p>}
      </Show>
      <h3 id="active-incidents-heading">{t("obs.incidents")}</h3>
      <Show when={active().length > 0} fallback={<p>{t("obs.noIncidents")}</p>}>
        <ul
          class="plain incident-list"
          aria-labelledby="active-incidents-heading"
          data-testid="active-incidents"
        >
          <For each={active()}>{item}</For>
        </ul>
      </Show>
      <h3 id="recent-incidents-heading">{t("admin.incidents.recent")}</h3>
      <Show when={recent().length > 0} fallback={<p>{t("admin.incidents.noRecent")}</p>}>
        <ul
          class="plain incident-list"
          aria-labelledby="recent-incidents-heading"
          data-testid="recent-incidents"
        >
          <For each={recent()}>{item}</For>
        </ul>
      </Show>
    </section>
  );
}
