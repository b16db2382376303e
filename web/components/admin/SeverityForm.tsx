import { createSignal, For, Show } from "solid-js";
import { assessSeverity, type Incident, SEVERITIES, type Severity } from "../../data/admin/incidents";
import { t } from "../../i18n/i18n";
import { incidentFailureText } from "./failureText";

/**
 * The "assess severity" step: once an incident is acknowledged and until it is resolved, the
 * operator sets or changes its severity with a reason, which the incident's history keeps.
 */
export default function SeverityForm(props: { incident: Incident; onAssessed: (i: Incident) => void }) {
  // Worded as it is shown, so a change of language re-words a message already on screen.
  const [error, setError] = createSignal<{ words: () => string } | null>(null);
  const [busy, setBusy] = createSignal(false);
  const base = () => `incident-${props.incident.id}-severity`;
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const formEl = event.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setError(null);
    setBusy(true);
    try {
      const assessed = await assessSeverity(props.incident.id, {
        severity: String(form.get("severity")) as Severity,
        reason: String(form.get("reason") ?? "").trim(),
      });
      const reason = formEl.elements.namedItem("reason");
      if (reason instanceof HTMLInputElement) reason.value = "";
      props.onAssessed(assessed);
    } catch (e) {
      const shown = props.incident.status;
      setError({ words: () => t("admin.assess.failed", { reason: incidentFailureText(e, shown) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="commander-form" onSubmit={submit}>
      <label for={`${base()}-level`}>{t("admin.assess.label", { id: props.incident.id })}</label>
      <select id={`${base()}-level`} name="severity">
        <For each={SEVERITIES}>
          {(s) => (
            <option value={s} selected={s === props.incident.severity}>
              {t(`admin.severity.${s}`)}
            </option>
          )}
        </For>
      </select>
      <label for={`${base()}-reason`}>{t("admin.assess.reason")}</label>
      <div class="action-row">
        <input id={`${base()}-reason`} name="reason" type="text" required minLength={3} maxLength={2000} />
        <button type="submit" disabled={busy()}>
          {t("admin.assess.submit")}
        </button>
      </div>
      <Show when={error()}>{(message) => <p role="alert">{message().words()}</p>}</Show>
    </form>
  );
}
