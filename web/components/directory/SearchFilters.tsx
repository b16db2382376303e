import { For } from "solid-js";
import type { Category } from "../../../shared/directory/types";
import { t } from "../../i18n/i18n";

export const CATEGORY_CODES = [
  "crisis",
  "food",
  "housing",
  "health",
  "legal",
  "financial",
  "employment",
  "education",
  "community",
  "wellness",
  "indigenous",
  "transport",
] as const satisfies readonly Category[];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORY_CODES as readonly string[]).includes(value);
}

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
          <For each={CATEGORY_CODES}>
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
