import { For } from "solid-js";
import type { ArchiveSource } from "../../data/archive/sources";
import { t } from "../../i18n/i18n";

/** A labelled choice among the archived sources, "all sources" first. */
export default function SourceSelect(props: { id: string; value: string; sources: ArchiveSource[] }) {
  return (
    <div class="field">
      <label for={props.id}>{t("archive.filter.source")}</label>
      <select id={props.id} name="source">
        <option value="" selected={!props.value}>
          {t("archive.filter.allSources")}
        </option>
        <For each={props.sources}>
          {(s) => (
            <option value={s.code} selected={s.code === props.value}>
              {s.name}
            </option>
          )}
        </For>
      </select>
    </div>
  );
}
