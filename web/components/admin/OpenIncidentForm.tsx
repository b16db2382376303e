import { createSignal, For, Show } from "solid-js";
import { type Incident, openIncident, SEVERITIES, type Severity } from "../../data/admin/incidents";
import { t } from "../../i18n/i18n";
import { incidentFailureText } from "./failureText";

/** Opens an incident by hand: severity (with the SEV table's definitions), title, commander, start, user-facing. */
export default function OpenIncidentForm(props: { onOpened: (incident: Incident) => void }) {
  // Worded as it is shown, so a change of language re-words a message already on screen.
  const [error, setError] = createSignal<{ words: () => string } | null>(null);
  const [busy, setBusy] = createSignal(false);
  const [severity, setSeverity] = createSignal<Severity>("SEV-3");
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const formEl = event.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    const started = String(form.get("startedAt") ?? "");
    const commander = String(form.get("commander") ?? "").trim();
    setError(null);
    // datetime-local is the reader's local time; the API takes ISO 8601 with an offset.
    const startedAt = started ? new Date(started) : null;
    if (startedAt && startedAt.getTime() > Date.now()) {
      setError({ words: () => t("admin.open.future") });
      return;
    }
    setBusy(true);
    try {
      const incident = await openIncident({
        severity: severity(),
        title: String(form.get("title") ?? "").trim(),
        ...(commander ? { commander } : {}),
        ...(startedAt ? { startedAt: startedAt.toISOString() } : {}),
        ...(form.get("userFacing") ? { userFacing: true } : {}),
      });
      // Cleared field by field: form.reset() would also move the severity list off its signal.
      for (const name of ["title", "commander", "startedAt"]) {
        const field = formEl.elements.namedItem(name);
        if (field instanceof HTMLInputElement) field.value = "";
      }
      const seen = formEl.elements.namedItem("userFacing");
      if (seen instanceof HTMLInputElement) seen.checked = false;
      props.onOpened(incident);
    } catch (e) {
      setError({ words: () => t("admin.open.failed", { reason: incidentFailureText(e) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="stack-form incident-form" onSubmit={submit} aria-labelledby="open-incident-heading">
      <h3 id="open-incident-heading">{t("admin.open.heading")}</h3>
      <label for="incident-severity">{t("admin.open.severity")}</label>
      <select
        id="incident-severity"
        name="severity"
        aria-describedby="incident-severity-hint"
        onChange={(e) => setSeverity(e.currentTarget.value as Severity)}
      >
        <For each={SEVERITIES}>
          {(s) => (
            <option value={s} selected={s === severity()}>
              {t(`admin.severity.${s}`)}
            </option>
          )}
        </For>
      </select>
      <p id="incident-severity-hint" class="muted">
        {t(`admin.sevdef.${severity()}`)}
      </p>
      <label for="incident-title">{t("admin.open.title")}</label>
      <input id="incident-title" name="title" type="text" required minLength={3} maxLength={300} />
      <Show when={severity() === "SEV-1" || severity() === "SEV-2"}>
        <label for="incident-commander">{t("admin.open.commander")}</label>
        {/* The server refuses a SEV-1/2 without one; saying so here spares the round trip. */}
        <input
          id="incident-commander"
          name="commander"
          type="text"
          required
          maxLength={120}
          autocomplete="name"
        />
      </Show>
      <label class="check">
        <input name="userFacing" type="checkbox" value="1" />
        {t("admin.open.userFacing")}
      </label>
      <label for="incident-started">{t("admin.open.startedAt")}</label>
      <input
        id="incident-started"
        name="startedAt"
        type="datetime-local"
        aria-describedby="incident-started-hint"
      />
      <p id="incident-started-hint" class="muted">
        {t("admin.open.startedAtHint")}
      </p>
      <Show when={error()}>{(message) => <p role="alert">{message().words()}</p>}</Show>
      <button type="submit" class="primary" disabled={busy()}>
        {t("admin.open.submit")}
      </button>
    </form>
  );
}
