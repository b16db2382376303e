import { For } from "solid-js";
import { CATEGORIES } from "../../../shared/directory/constants";
import type { Category } from "../../../shared/directory/types";
import { t } from "../../i18n/i18n";

/** Category and open-now filters, submitted with the search form they sit in. */
export default function SearchFilters(props: { category?: Category; openNow: boolean; near: boolean }) {
  return (
    <div class="filters">
      <div class="field">
        <label for="directory-category">{t("search.category")}</label>
        <select id="directory-category" name="category">
          <option value="" selected={!props.category}>
            {t("search.allCategories")}
          </option>
          <For each={CATEGORIES}>
            {(c) => (
              <option value={c} selected={props.category === c}>
                {t(`category.${c}`)}
              </option>
            )}
          </For>
        </select>
      </div>
      <label class="check">
        <input type="checkbox" name="open" value="1" checked={props.openNow} />
        {t("search.openNowOnly")}
      </label>
      <label class="check">
        <input type="checkbox" name="near" value="1" checked={props.near} />
        {t("search.near")}
      </label>
    </div>
  );
}
