import { createUniqueId } from "solid-js";
import { t } from "../i18n/i18n";

/**
 * 911 and 9-8-8 (call and text) in the kiosk's bar, beside "Start over": on a shared screen every
 * page keeps them one tap away, in view while the page scrolls, whatever it shows. Compact, so
 * the bar stays on one row on a 1080 px screen and on two on a phone: the numbers show, and the
 * block's name (as EmergencyNumbers, a complementary landmark) and each call link's name say what
 * they are.
 */
export default function KioskCrisisLines() {
  const labelId = `kiosk-crisis-${createUniqueId()}`;
  return (
    <aside class="kiosk-crisis" aria-labelledby={labelId} data-testid="kiosk-crisis">
      <span id={labelId} class="visually-hidden">
        {t("kiosk.crisis.label")}
      </span>
      <a href="tel:911" aria-label={t("kiosk.crisis.call911")}>
        911
      </a>
      <a href="tel:988" aria-label={t("home.emergency.988.call")}>
        988
      </a>
      <a href="sms:988">{t("home.emergency.988.text")}</a>
    </aside>
  );
}
