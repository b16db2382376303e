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

function Row(props: { row: DiffRow; unfoldedAt?: number }) {
  const focusable = () => props.row.blockStart || props.unfoldedAt !== undefined;
  return (
    <tr
      class={props.row.changed ? "diff-row-changed" : "diff-row-kept"}
      id={
        props.row.blockStart
          ? `change-${props.row.block}`
          : props.unfoldedAt !== undefined
            ? `unfolded-${props.unfoldedAt}`
            : undefined
      }
      tabindex={focusable() ? -1 : undefined}
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
  // The button goes away with the fold: focus moves to the first line it held, not to the page.
  const open = (first: DiffRow, index: number) => {
    setOpened((was) => new Set(was).add(first));
    document.getElementById(`unfolded-${index}`)?.focus();
  };
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
            {(part, index) => (
              <Show
                when={part.folded && !opened().has(part.rows[0])}
                fallback={
                  <For each={part.rows}>
                    {(row, i) => (
                      <Row row={row} unfoldedAt={part.folded && i() === 0 ? index() : undefined} />
                    )}
                  </For>
                }
              >
                <tr class="diff-fold">
                  <td colSpan={2}>
                    <button type="button" onClick={() => open(part.rows[0], index())}>
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
