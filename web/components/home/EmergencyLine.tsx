import { t } from "../../i18n/i18n";

/**
 * Always visible, online or not: the two numbers a person in danger needs, as links a phone dials
 * (and, for 9-8-8, texts) with one tap.
 */
export default function EmergencyLine() {
  return (
    <aside class="emergency-line" aria-labelledby="emergency-line-title">
      <h2 id="emergency-line-title" class="visually-hidden">
        {t("home.emergency.title")}
      </h2>
      <p>
        <span>{t("home.emergency.911")}</span>{" "}
        <a href="tel:911" class="emergency-number">
          911
        </a>
      </p>
      <p>
        <span>{t("home.emergency.988")}</span>{" "}
        <a href="tel:988" class="emergency-number" aria-label={t("home.emergency.988.call")}>
          988
        </a>{" "}
        <a href="sms:988" class="emergency-text">
          {t("home.emergency.988.text")}
        </a>
      </p>
    </aside>
  );
}
