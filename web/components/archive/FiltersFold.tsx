import { type JSX, Show } from "solid-js";
import { t } from "../../i18n/i18n";

/** Wider than this the filters start unfolded; narrower (a phone) they start folded. */
const WIDE = "(min-width: 48rem)";

/**
 * A form's filters under one summary ("Filters", and how many are in use, so a reader knows the
 * results are narrowed), one tap or key away. Folded on a phone, so that there the results (or the
 * change feed's count and first change) come right after the search box. `openWide` starts them
 * open on a wider screen: the change feed's, whose filters are its form, as they always were; the
 * search's stay folded there too, where unfolded they would push the first result off the screen.
 * Whether it starts open is read once: a reader's own opening or closing stays.
 */
export default function FiltersFold(props: { active: number; openWide?: boolean; children: JSX.Element }) {
  const open = Boolean(props.openWide) && typeof matchMedia === "function" && matchMedia(WIDE).matches;
  return (
    <details class="archive-filters-fold" open={open}>
      <summary>
        {t("archive.filter.summary")}
        <Show when={props.active > 0}>
          {" "}
          <span class="tag">{t("archive.filter.inUse", { count: props.active })}</span>
        </Show>
      </summary>
      {props.children}
    </details>
  );
}
