import { createUniqueId } from "solid-js";
import { t } from "../i18n/i18n";

/**
 * The two numbers a person in danger needs, as links a phone dials (and, for 9-8-8, texts) with
 * one tap. First on the home page, and on every page that cannot show what it was asked for
 * (failed, empty, offline or not offered here), so no dead end is without them. Nothing to fetch:
 * it shows offline too.
 */
export default function EmergencyNumbers() {
  const titleId = `emergency-numbers-${createUniqueId()}`;
  return (
    <aside class="emergency-line" aria-labelledby={titleId}>
      <h2 id={titleId} class="visually-hidden">
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
