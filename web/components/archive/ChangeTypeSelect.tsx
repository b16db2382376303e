import { For } from "solid-js";
import { CHANGE_TYPES, type ChangeType } from "../../data/archive/changes";
import { t } from "../../i18n/i18n";
import { CHANGE_TYPE_LABELS } from "./changeTypeLabels";

/** Picks one kind of change (new, updated, removed) or all of them. */
export default function ChangeTypeSelect(props: { value: ChangeType | "" }) {
  return (
    <div class="field">
      <label for="changes-type">{t("archive.changes.type")}</label>
      <select id="changes-type" name="type">
        <option value="" selected={!props.value}>
          {t("archive.changes.allTypes")}
        </option>
        <For each={CHANGE_TYPES}>
          {(type) => (
            <option value={type} selected={type === props.value}>
              {t(CHANGE_TYPE_LABELS[type])}
            </option>
          )}
        </For>
      </select>
    </div>
  );
}
