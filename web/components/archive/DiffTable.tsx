import { For, Show } from "solid-js";
import type { DiffRow } from "../../data/archive/diffRows";
import { t } from "../../i18n/i18n";

/** One side of a row: a sign and a spoken word say added/removed, so colour is never the only cue. */
function Cell(props: { text: string | null; side: "before" | "after"; changed: boolean }) {
  const kind = () => (!props.changed ? "kept" : props.side === "before" ? "removed" : "added");
  return (
    <td class={`diff-cell diff-${props.text === null ? "empty" : kind()}`}>
      <Show
        when={props.text !== null}
        fallback={<span class="visually-hidden">{t("archive.diff.noLine")}</span>}
      >
        <Show when={props.changed}>
          <span class="diff-sign" aria-hidden="true">
            {props.side === "before" ? "−" : "+"}
          </span>
          <span class="visually-hidden">
            {props.side === "before" ? t("archive.diff.removedWord") : t("archive.diff.addedWord")}{" "}
          </span>
        </Show>
        <Show when={!props.changed}>
          <span class="diff-sign" aria-hidden="true">
            {" "}
          </span>
        </Show>
        {props.text}
      </Show>
    </td>
  );
}

/**
 * The two captures side by side in one table (rows aligned); on phones the columns stack and kept
 * lines show once. Rows that start a run of changes can take focus, for "next/previous change".
 */
export default function DiffTable(props: { rows: DiffRow[]; before: string; after: string }) {
  return (
    <section class="diff-scroll" aria-labelledby="diff-caption" tabindex="0">
      <table class="diff-table">
        <caption id="diff-caption">{t("archive.diff.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{props.before}</th>
            <th scope="col">{props.after}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(row) => (
              <tr
                class={row.changed ? "diff-row-changed" : "diff-row-kept"}
                id={row.blockStart ? `change-${row.block}` : undefined}
                tabindex={row.blockStart ? -1 : undefined}
              >
                <Cell text={row.before} side="before" changed={row.changed} />
                <Cell text={row.after} side="after" changed={row.changed} />
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </section>
  );
}
