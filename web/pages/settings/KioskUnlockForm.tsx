import { t } from "../../i18n/i18n";
import { kioskSettings } from "../../state/kiosk";
import { turnOffKiosk } from "../../state/kioskLock";
import KioskField from "./KioskField";
import { createPinEntry } from "./pinEntry";

/** Staff turn kiosk mode off with the PIN chosen when it was turned on. */
export default function KioskUnlockForm(props: {
  firstField?: (el: HTMLInputElement) => void;
  onUnlocked: () => void;
}) {
  const settings = kioskSettings();
  const entry = createPinEntry({
    check: turnOffKiosk,
    onOpened: props.onUnlocked,
    wrongKey: "kiosk.unlock.wrong",
  });

  return (
    <form class="kiosk-form" novalidate onSubmit={(e) => void entry.onSubmit(e)}>
      <p>{t("kiosk.unlock.intro")}</p>
      <p>{t("kiosk.unlock.settings", { idle: settings.idleSeconds, warning: settings.warningSeconds })}</p>
      <KioskField
        id="kiosk-unlock-pin"
        ref={(el) => {
          entry.setField(el);
          props.firstField?.(el);
        }}
        label={t("kiosk.unlock.pin")}
        type="password"
        value={entry.pin()}
        error={entry.error()}
        onInput={entry.setPin}
      />
      <button type="submit" class="primary" disabled={entry.busy()}>
        {t("kiosk.unlock.submit")}
      </button>
      <p role="status">{entry.busy() ? t("kiosk.unlock.checking") : ""}</p>
    </form>
  );
}
