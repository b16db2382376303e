import { t } from "../../i18n/i18n";
import "../../styles/crisis.css";

/**
 * The crisis block of the search page: when a search reads as a crisis, 911 and 9-8-8 (call and
 * text) as links a phone acts on with one tap, drawn right under the search box so they sit on the
 * first screen of a phone, above the filters and the results.
 */
export default function CrisisActions() {
  return (
    <div class="crisis-actions" role="alert" data-testid="crisis-actions">
      <p>
        <span>{t("search.crisis.danger")}</span>
        <a href="tel:911" class="crisis-action">
          {t("search.crisis.call911")}
        </a>
      </p>
      <p>
        <span>{t("search.crisis.988")}</span>
        <span class="crisis-pair">
          <a href="tel:988" class="crisis-action">
            {t("search.crisis.call988")}
          </a>
          <a href="sms:988" class="crisis-action">
            {t("search.crisis.text988")}
          </a>
        </span>
      </p>
    </div>
  );
}
