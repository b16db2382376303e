import type { SearchFilters } from "../../data/archive/searchFilters";
import type { ArchiveSource } from "../../data/archive/sources";
import { t } from "../../i18n/i18n";
import DateRangeFields from "./DateRangeFields";
import FiltersFold from "./FiltersFold";
import SourceSelect from "./SourceSelect";

/** How many filters differ from the defaults (shown on the folded filters' summary). */
export function activeFilterCount(f: SearchFilters): number {
  return [f.source, f.from, f.to, f.language, f.view !== "pages"].filter(Boolean).length;
}

/**
 * The search form's filters: source, capture dates, language, and pages or snapshots view. They
 * are folded under one summary so that on a phone the results come right after the search box.
 */
export default function SearchFilterFields(props: { filters: SearchFilters; sources: ArchiveSource[] }) {
  const f = () => props.filters;
  return (
    <FiltersFold active={activeFilterCount(f())}>
      <div class="filters archive-filters">
        <SourceSelect id="archive-source" value={f().source} sources={props.sources} />
        <DateRangeFields idPrefix="archive" from={f().from} to={f().to} />
        <div class="field">
          <label for="archive-language">{t("archive.filter.language")}</label>
          <select id="archive-language" name="language">
            <option value="" selected={!f().language}>
              {t("archive.filter.anyLanguage")}
            </option>
            <option value="en" selected={f().language === "en"}>
              {t("archive.filter.english")}
            </option>
            <option value="fr" selected={f().language === "fr"}>
              {t("archive.filter.french")}
            </option>
          </select>
        </div>
        <fieldset class="archive-view">
          <legend>{t("archive.filter.view")}</legend>
          <label class="check">
            <input type="radio" name="view" value="pages" checked={f().view === "pages"} />
            {t("archive.filter.viewPages")}
          </label>
          <label class="check">
            <input type="radio" name="view" value="snapshots" checked={f().view === "snapshots"} />
            {t("archive.filter.viewSnapshots")}
          </label>
        </fieldset>
      </div>
    </FiltersFold>
  );
}
