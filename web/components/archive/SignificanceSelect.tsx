import { For } from "solid-js";
import { SIGNIFICANCE_LEVELS, type Significance } from "../../data/archive/changes";
import { t } from "../../i18n/i18n";

/** Picks how much a change must have changed to be listed: a level and every level above it. */
export default function SignificanceSelect(props: { value: Significance | "" }) {
  return (
    <div class="field">
      <label for="changes-significance">{t("archive.changes.significance")}</label>
      <select id="changes-significance" name="significance">
        <option value="" selected={!props.value}>
          {t("archive.changes.allLevels")}
        </option>
        <For each={SIGNIFICANCE_LEVELS}>
          {(level) => (
            <option value={level} selected={level === props.value}>
              {t(`archive.level.atLeast.${level}`)}
            </option>
          )}
        </For>
      </select>
    </div>
  );
}
