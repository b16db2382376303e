import type { JSX } from "solid-js";
import { t } from "../../i18n/i18n";
import { watchOverflow } from "./scrollHint";

/**
 * A wait-time table wider than a phone: the "scroll it sideways" hint (shown only when it
 * overflows), then the table in a labelled group focusable to scroll by keyboard. A group, not a
 * region: a second region named like the section around it repeats a landmark (axe landmark-unique).
 */
export default function ScrollingTable(props: { label: string; children: JSX.Element }) {
  return (
    <>
      <p class="scroll-hint muted">{t("waits.table.scroll")}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, this a table to scroll */}
      <div class="table-scroll" role="group" tabindex="0" aria-label={props.label} ref={watchOverflow}>
        {props.children}
      </div>
    </>
  );
}
