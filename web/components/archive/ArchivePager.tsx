import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { t } from "../../i18n/i18n";

/** Previous/next links between result pages (links, so each page has its own address). */
export default function ArchivePager(props: { page: number; pages: number; href: (page: number) => string }) {
  return (
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
  );
}
