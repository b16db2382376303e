import { createSignal, For, Show } from "solid-js";
import { type DiffRow, foldUnchanged } from "../../data/archive/diffRows";
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

function Row(props: { row: DiffRow }) {
  return (
    <tr
      class={props.row.changed ? "diff-row-changed" : "diff-row-kept"}
      id={props.row.blockStart ? `change-${props.row.block}` : undefined}
      tabindex={props.row.blockStart ? -1 : undefined}
    >
      <Cell text={props.row.before} side="before" changed={props.row.changed} />
      <Cell text={props.row.after} side="after" changed={props.row.changed} />
    </tr>
  );
}

/**
 * The two captures side by side in one table (rows aligned); on phones the columns stack and kept
 * lines show once. Long runs of unchanged lines are folded (diffRows.ts foldUnchanged) until
 * asked for. Rows that start a run of changes can take focus, for "next/previous change".
 */
export default function DiffTable(props: { rows: DiffRow[]; before: string; after: string }) {
  const parts = () => foldUnchanged(props.rows);
  const [opened, setOpened] = createSignal<ReadonlySet<DiffRow>>(new Set());
  const open = (first: DiffRow) => setOpened((was) => new Set(was).add(first));
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
          <For each={parts()}>
            {(part) => (
              <Show
                when={part.folded && !opened().has(part.rows[0])}
                fallback={<For each={part.rows}>{(row) => <Row row={row} />}</For>}
              >
                <tr class="diff-fold">
                  <td colSpan={2}>
                    <button type="button" onClick={() => open(part.rows[0])}>
                      {t("archive.diff.showUnchanged", { count: part.rows.length })}
                    </button>
                  </td>
                </tr>
              </Show>
            )}
          </For>
        </tbody>
      </table>
    </section>
  );
}
