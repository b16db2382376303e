import { createSignal } from "solid-js";
import { t } from "../../i18n/i18n";
import type { UnlockOutcome } from "../../state/kioskLock";

/**
 * The staff PIN field's state and its submit, shared by "turn kiosk mode off" and the staff-only
 * settings: an empty PIN is named, a PIN never lingers in the field after a try, and a refusal
 * says how long to wait when wrong tries have made the kiosk wait.
 */
export function createPinEntry(opts: {
  check: (pin: string) => Promise<UnlockOutcome>;
  onOpened: () => void;
  /** The message for a wrong PIN with no wait yet. */
  wrongKey: "kiosk.unlock.wrong" | "kiosk.staff.wrong";
}) {
  const [pin, setPin] = createSignal("");
  const [error, setError] = createSignal<string | undefined>();
  const [busy, setBusy] = createSignal(false);
  let field: HTMLInputElement | undefined;

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy()) return;
    if (pin() === "") {
      setError(t("kiosk.unlock.missing"));
      return field?.focus();
    }
    setBusy(true);
    const outcome = await opts.check(pin());
    setBusy(false);
    setPin("");
    if (outcome.ok) return opts.onOpened();
    if (outcome.reason === "wait") setError(t("kiosk.unlock.wait", { seconds: outcome.waitSeconds }));
    else if (outcome.waitSeconds > 0) setError(t("kiosk.unlock.wrongWait", { seconds: outcome.waitSeconds }));
    else setError(t(opts.wrongKey));
    field?.focus();
  };
  return {
    pin,
    setPin,
    error,
    busy,
    onSubmit,
    setField: (el: HTMLInputElement) => {
      field = el;
    },
  };
}
