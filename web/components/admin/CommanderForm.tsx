import { createSignal, Show } from "solid-js";
import { type Incident, nameCommander } from "../../data/admin/incidents";
import { t } from "../../i18n/i18n";
import { incidentFailureText } from "./failureText";

/**
 * Names or changes who leads a SEV-1/2 while it is active: an automatic one has nobody until an
 * operator names someone, and cannot go past acknowledgement before.
 */
export default function CommanderForm(props: { incident: Incident; onNamed: (i: Incident) => void }) {
  // Worded as it is shown, so a change of language re-words a message already on screen.
  const [error, setError] = createSignal<{ words: () => string } | null>(null);
  const [busy, setBusy] = createSignal(false);
  const id = () => `incident-${props.incident.id}-commander`;
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const formEl = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(formEl).get("commander") ?? "").trim();
    setError(null);
    setBusy(true);
    try {
      const named = await nameCommander(props.incident.id, name);
      formEl.reset();
      props.onNamed(named);
    } catch (e) {
      const shown = props.incident.status;
      setError({ words: () => t("admin.lead.failed", { reason: incidentFailureText(e, shown) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="commander-form" onSubmit={submit}>
      <label for={id()}>{t("admin.lead.label", { id: props.incident.id })}</label>
      <div class="action-row">
        <input
          id={id()}
          name="commander"
          type="text"
          required
          maxLength={120}
          autocomplete="name"
          value={props.incident.commander ?? ""}
        />
        <button type="submit" disabled={busy()}>
          {t("admin.lead.submit")}
        </button>
      </div>
      <Show when={error()}>{(message) => <p role="alert">{message().words()}</p>}</Show>
    </form>
  );
}
