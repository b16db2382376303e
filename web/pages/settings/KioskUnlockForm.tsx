import { createSignal } from "solid-js";
import { t } from "../../i18n/i18n";
import { kioskSettings } from "../../state/kiosk";
import { turnOffKiosk, type UnlockOutcome } from "../../state/kioskLock";
import KioskField from "./KioskField";

function refusal(outcome: Exclude<UnlockOutcome, { ok: true }>): string {
  if (outcome.reason === "wait") return t("kiosk.unlock.wait", { seconds: outcome.waitSeconds });
  return outcome.waitSeconds > 0
    ? t("kiosk.unlock.wrongWait", { seconds: outcome.waitSeconds })
    : t("kiosk.unlock.wrong");
}

/** Staff turn kiosk mode off with the PIN chosen when it was turned on. */
export default function KioskUnlockForm(props: {
  firstField?: (el: HTMLInputElement) => void;
  onUnlocked: () => void;
}) {
  const settings = kioskSettings();
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
    const outcome = await turnOffKiosk(pin());
    setBusy(false);
    setPin(""); // a PIN never lingers in the field
    if (outcome.ok) return props.onUnlocked();
    setError(refusal(outcome));
    field?.focus();
  };

  return (
    <form class="kiosk-form" novalidate onSubmit={(e) => void onSubmit(e)}>
      <p>{t("kiosk.unlock.intro")}</p>
      <p>{t("kiosk.unlock.settings", { idle: settings.idleSeconds, warning: settings.warningSeconds })}</p>
      <KioskField
        id="kiosk-unlock-pin"
        ref={(el) => {
          field = el;
          props.firstField?.(el);
        }}
        label={t("kiosk.unlock.pin")}
        type="password"
        value={pin()}
        error={error()}
        onInput={setPin}
      />
      <button type="submit" class="primary" disabled={busy()}>
        {t("kiosk.unlock.submit")}
      </button>
      <p role="status">{busy() ? t("kiosk.unlock.checking") : ""}</p>
    </form>
  );
}
