import { For, type JSX } from "solid-js";

/**
 * A chart's figures as a collapsible, keyboard-scrollable table: the text alternative every chart
 * in the app carries, for screen readers and for anyone who wants the numbers.
 * `cells` gives one row's cells; the first one is the row's header (usually the time).
 */
export default function FiguresTable<T>(props: {
  summary: string;
  /** Accessible name of the scrolling region: a label, or the id of an element naming it. */
  label?: string;
  labelledBy?: string;
  detailsClass: string;
  tableClass?: string;
  columns: string[];
  rows: readonly T[];
  cells: (item: T, index: number) => JSX.Element[];
}) {
  return (
    <details class={props.detailsClass}>
      <summary>{props.summary}</summary>
      <section class="table-scroll" tabindex="0" aria-label={props.label} aria-labelledby={props.labelledBy}>
        <table class={props.tableClass}>
          <thead>
            <tr>
              <For each={props.columns}>{(c) => <th scope="col">{c}</th>}</For>
            </tr>
          </thead>
          <tbody>
            <For each={props.rows}>
              {(item, i) => {
                const [head, ...rest] = props.cells(item, i());
                return (
                  <tr>
                    <th scope="row">{head}</th>
                    <For each={rest}>{(cell) => <td>{cell}</td>}</For>
                  </tr>
                );
              }}
            </For>
          </tbody>
        </table>
      </section>
    </details>
  );
}
