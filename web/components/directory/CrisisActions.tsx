import { Show } from "solid-js";
// A type only: the phrase lists stay in the crisis check's own chunk.
import type { CrisisKind } from "../../../shared/directory/crisis-phrases";
import { t } from "../../i18n/i18n";
import "../../styles/crisis.css";

/**
 * The crisis block of the search page: when a search reads as a crisis, the lines for it as links
 * a phone acts on with one tap, drawn right under the search box so they sit on the first screen
 * of a phone, above the filters and the results. 911 always comes first; 9-8-8 (call and text)
 * for a crisis a crisis line answers, or when the kind is not known (not for a medical emergency,
 * 911's alone, such as "can't breathe"); 211 for a night without
 * shelter, the line that finds shelter beds across Canada.
 */
export default function CrisisActions(props: { kinds?: readonly CrisisKind[] }) {
  const kinds = () => props.kinds ?? [];
  const line988 = () => kinds().length === 0 || kinds().some((k) => k !== "shelter" && k !== "medical");
  const shelter = () => kinds().includes("shelter");
  return (
    <div class="crisis-actions" role="alert" data-testid="crisis-actions">
      <p>
        <span>{t("search.crisis.danger")}</span>
        <a href="tel:911" class="crisis-action">
          {t("search.crisis.call911")}
        </a>
      </p>
      <Show when={line988()}>
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
      </Show>
      <Show when={shelter()}>
        <p>
          <span>{t("search.crisis.shelter")}</span>
          <a href="tel:211" class="crisis-action">
            {t("search.crisis.call211")}
          </a>
        </p>
      </Show>
    </div>
  );
}
