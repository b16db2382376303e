import { createSignal, For, Show } from "solid-js";
import {
  ACTIONS_BY_STATUS,
  advanceIncident,
  type Incident,
  type IncidentAction,
} from "../../data/admin/incidents";
import { t } from "../../i18n/i18n";
import { incidentFailureText } from "./failureText";

/**
 * The moves open to an incident in its status, with a note (required for the review) and a
 * false-positive mark when resolving or reviewing. Reports the changed incident to the list.
 */
export default function IncidentActions(props: {
  incident: Incident;
  onChanged: (i: Incident, action: IncidentAction) => void;
}) {
  // Worded as it is shown, so a change of language re-words a message already on screen.
  const [error, setError] = createSignal<{ words: () => string } | null>(null);
  const [busy, setBusy] = createSignal(false);
  let note!: HTMLTextAreaElement;
  let falsePositive: HTMLInputElement | undefined;
  const base = () => `incident-${props.incident.id}`;
  const actions = () => ACTIONS_BY_STATUS[props.incident.status];
  const canMarkFalse = () => actions().includes("resolve") || actions().includes("review");
  const run = async (action: IncidentAction) => {
    const text = note.value.trim();
    setError(null);
    if (action === "review" && !text) {
      setError({ words: () => t("admin.reviewNeedsNote") });
      note.focus();
      return;
    }
    setBusy(true);
    try {
      const body = {
        ...(text ? { note: text } : {}),
        ...(falsePositive?.checked && (action === "resolve" || action === "review")
          ? { falsePositive: true }
          : {}),
      };
      const changed = await advanceIncident(props.incident.id, action, body);
      note.value = "";
      props.onChanged(changed, action);
    } catch (e) {
      const shown = props.incident.status;
      setError({
        words: () =>
          t("admin.actionFailed", {
            action: t(`admin.action.${action}`),
            reason: incidentFailureText(e, shown),
          }),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Show when={actions().length > 0}>
      <fieldset class="incident-actions">
        <legend class="visually-hidden">{t("admin.actionsFor", { id: props.incident.id })}</legend>
        <label for={`${base()}-note`}>{t("admin.note")}</label>
        <textarea id={`${base()}-note`} ref={note} rows={2} maxLength={2000} />
        <Show when={canMarkFalse()}>
          <label class="check">
            <input type="checkbox" ref={falsePositive} checked={props.incident.falsePositive} />
            {t("admin.falsePositive")}
          </label>
        </Show>
        <div class="action-row">
          <For each={actions()}>
            {(action) => (
              <button type="button" disabled={busy()} onClick={() => void run(action)}>
                {t(`admin.action.${action}`)}
              </button>
            )}
          </For>
        </div>
        <Show when={error()}>{(message) => <p role="alert">{message().words()}</p>}</Show>
      </fieldset>
    </Show>
  );
}
