import { createSignal, For, Show } from "solid-js";
import { lang, t } from "../../i18n/i18n";
import { isLang, LANGUAGES, type Lang } from "../../i18n/language";
import { kiosk, kioskSettings } from "../../state/kiosk";
import { turnOnKiosk } from "../../state/kioskLock";
import { PIN_PATTERN } from "../../state/kioskPin";
import { startOver } from "../../state/kioskReset";
import { IDLE_SECONDS, readSettingsInput, WARNING_SECONDS } from "../../state/kioskSettings";
import KioskField from "./KioskField";

type Field = "pin" | "pinAgain" | "idleSeconds" | "warningSeconds";

/** Staff choose the PIN and timings, then kiosk mode starts with a clean screen. */
export default function KioskSetupForm(props: { firstField?: (el: HTMLInputElement) => void }) {
  const saved = kioskSettings();
  const [pin, setPin] = createSignal("");
  const [pinAgain, setPinAgain] = createSignal("");
  const [idle, setIdle] = createSignal(String(saved.idleSeconds));
  const [warning, setWarning] = createSignal(String(saved.warningSeconds));
  const [language, setLanguage] = createSignal<Lang>(lang());
  const [errors, setErrors] = createSignal<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = createSignal(false);
  const [failed, setFailed] = createSignal(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!PIN_PATTERN.test(pin())) found.pin = t("kiosk.error.pinFormat");
    else if (pinAgain() !== pin()) found.pinAgain = t("kiosk.error.pinAgain");
    const input = readSettingsInput(idle(), warning(), language());
    if ("invalid" in input) {
      if (input.invalid.includes("idleSeconds")) found.idleSeconds = t("kiosk.error.idle", IDLE_SECONDS);
      if (input.invalid.includes("warningSeconds")) {
        found.warningSeconds = t("kiosk.error.warning", WARNING_SECONDS);
      }
    }
    setErrors(found);
    const firstWrong = (["pin", "pinAgain", "idleSeconds", "warningSeconds"] as const).find((f) => found[f]);
    if (firstWrong || "invalid" in input) {
      document.getElementById(`kiosk-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await turnOnKiosk(pin(), input.settings);
    } catch {
      setBusy(false);
      setFailed(true);
      return;
    }
    await startOver(); // signs out, clears this device's traces and opens the start page
  };

  return (
    <form class="kiosk-form" novalidate onSubmit={(e) => void onSubmit(e)}>
      <p>{kiosk() ? t("kiosk.setup.legacy") : t("kiosk.setup.intro")}</p>
      <KioskField
        id="kiosk-pin"
        ref={props.firstField}
        label={t("kiosk.setup.pin")}
        type="password"
        value={pin()}
        error={errors().pin}
        onInput={setPin}
      />
      <KioskField
        id="kiosk-pinAgain"
        label={t("kiosk.setup.pinAgain")}
        type="password"
        value={pinAgain()}
        error={errors().pinAgain}
        onInput={setPinAgain}
      />
      <KioskField
        id="kiosk-idleSeconds"
        label={t("kiosk.setup.idle")}
        type="number"
        min={IDLE_SECONDS.min}
        max={IDLE_SECONDS.max}
        value={idle()}
        error={errors().idleSeconds}
        onInput={setIdle}
      />
      <KioskField
        id="kiosk-warningSeconds"
        label={t("kiosk.setup.warning")}
        type="number"
        min={WARNING_SECONDS.min}
        max={WARNING_SECONDS.max}
        value={warning()}
        error={errors().warningSeconds}
        onInput={setWarning}
      />
      <div class="field">
        <label for="kiosk-language">{t("kiosk.setup.language")}</label>
        <select
          id="kiosk-language"
          onChange={(e) => {
            const code = e.currentTarget.value;
            if (isLang(code)) setLanguage(code);
          }}
        >
          <For each={LANGUAGES}>
            {(code) => (
              <option value={code} lang={code} selected={language() === code}>
                {t(code === "en" ? "lang.en" : "lang.fr")}
              </option>
            )}
          </For>
        </select>
      </div>
      <button type="submit" class="primary" disabled={busy()}>
        {kiosk() ? t("kiosk.setup.lock") : t("kiosk.setup.submit")}
      </button>
      <p role="status">{busy() ? t("kiosk.setup.working") : ""}</p>
      <Show when={failed()}>
        <p role="alert" class="field-error">
          {t("kiosk.setup.failed")}
        </p>
      </Show>
    </form>
  );
}
