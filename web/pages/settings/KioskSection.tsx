import { useLocation } from "@solidjs/router";
import { createSignal, onMount, Show } from "solid-js";
import { KIOSK_FORM_HASH } from "../../components/KioskMode";
import { t } from "../../i18n/i18n";
import { kioskLocked } from "../../state/kiosk";
import KioskSetupForm from "./KioskSetupForm";
import KioskUnlockForm from "./KioskUnlockForm";

/** Turning kiosk mode on (choosing the staff PIN) or off (with it). */
export default function KioskSection() {
  const location = useLocation();
  const [turnedOff, setTurnedOff] = createSignal(false);
  let firstField: HTMLInputElement | undefined;
  const keepFirst = (el: HTMLInputElement) => {
    firstField = el;
  };
  // Arriving from a ?kiosk= request: the form is what the visit is for.
  onMount(() => {
    if (location.hash === KIOSK_FORM_HASH) requestAnimationFrame(() => firstField?.focus());
  });
  return (
    <section id="kiosk" aria-labelledby="kiosk-heading">
      <h2 id="kiosk-heading">{t("kiosk.heading")}</h2>
      <p>{t("kiosk.body")}</p>
      <Show when={kioskLocked()} fallback={<KioskSetupForm firstField={keepFirst} />}>
        <KioskUnlockForm firstField={keepFirst} onUnlocked={() => setTurnedOff(true)} />
      </Show>
      <p role="status">{turnedOff() ? t("kiosk.off") : ""}</p>
    </section>
  );
}
