import { Show } from "solid-js";
import type { SortOrder } from "../../data/waittimes/hospitalFinder";
import { t } from "../../i18n/i18n";

/**
 * Find a hospital: words of its name or city, "near me" (the position is read only when the
 * button is pressed, and kept in this page's memory), and the order of the list.
 */
export default function HospitalFinder(props: {
  query: string;
  sort: SortOrder;
  hasPosition: boolean;
  locating: boolean;
  onQuery(query: string): void;
  onSort(sort: SortOrder): void;
  onNearMe(): void;
}) {
  return (
    <form class="hospital-finder" onSubmit={(e) => e.preventDefault()}>
      <div class="field finder-query">
        <label for="hospital-q">{t("waits.find.labelShort")}</label>
        {/* "Near me" beside the search box: on a phone the line it saves is a hospital's figure. */}
        <div class="finder-search">
          <input
            id="hospital-q"
            name="q"
            type="search"
            autocomplete="off"
            maxLength={100}
            placeholder={t("waits.find.placeholder")}
            value={props.query}
            onInput={(e) => props.onQuery(e.currentTarget.value)}
          />
          <button type="button" class="near-me" disabled={props.locating} onClick={() => props.onNearMe()}>
            {props.locating ? t("waits.near.locating") : t("waits.near.button")}
          </button>
        </div>
      </div>
      <Show
        when={props.hasPosition}
        fallback={<p class="muted finder-note">{t("waits.near.privacyShort")}</p>}
      >
        {/* The order matters only once there is a position to sort by: until then the list is by name. */}
        <div class="field finder-sort">
          <label for="hospital-sort">{t("waits.sort.label")}</label>
          <select
            id="hospital-sort"
            value={props.sort}
            onChange={(e) => props.onSort(e.currentTarget.value as SortOrder)}
          >
            <option value="name">{t("waits.sort.name")}</option>
            <option value="distance">{t("waits.sort.distance")}</option>
          </select>
        </div>
      </Show>
    </form>
  );
}
