import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { t } from "../../i18n/i18n";

/**
 * Previous/next links between result pages (links, so each page has its own address). An address
 * past the last page (an old link, a hand-edited number) says how many pages there are and links
 * the last one, instead of an empty "Page 999 of 7".
 */
export default function ArchivePager(props: { page: number; pages: number; href: (page: number) => string }) {
  return (
    <Show
      when={props.page <= props.pages || props.pages < 1}
      fallback={
        <nav class="pager" aria-label={t("archive.pages")} data-testid="past-last-page">
          <span>{t("archive.pastEnd", { pages: props.pages })}</span>
          <A href={props.href(props.pages)}>{t("archive.lastPage")}</A>
        </nav>
      }
    >
      <Show when={props.pages > 1}>
        <nav class="pager" aria-label={t("archive.pages")}>
          <Show when={props.page > 1}>
            <A href={props.href(props.page - 1)}>{t("archive.previous")}</A>
          </Show>
          <span>{t("archive.pageOf", { page: props.page, pages: props.pages })}</span>
          <Show when={props.page < props.pages}>
            <A href={props.href(props.page + 1)}>{t("archive.next")}</A>
          </Show>
        </nav>
      </Show>
    </Show>
  );
}
