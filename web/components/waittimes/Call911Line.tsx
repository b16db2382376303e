import { t } from "../../i18n/i18n";

/**
 * One calm, tappable line at the top of the wait-time list and of each hospital's page: a waiting
 * time is never a reason to wait in an emergency. The words and the link are the emergency
 * numbers' own (EmergencyNumbers), with "now, don't wait" after them; 811 stays the "not sure" line.
 */
export default function Call911Line() {
  return (
    <p class="emergency-line waits-911" data-testid="call-911">
      <span>{t("home.emergency.911")}</span>{" "}
      <a href="tel:911" class="emergency-number">
        911
      </a>{" "}
      <span>{t("waits.emergency.now")}</span>
    </p>
  );
}
