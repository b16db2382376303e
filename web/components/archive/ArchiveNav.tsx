import { A } from "@solidjs/router";
import { t } from "../../i18n/i18n";

/** Links between the archive's entry pages: search, the change feed and the annual editions. */
export default function ArchiveNav(props: { current: "search" | "changes" | "editions" | null }) {
  return (
    <nav class="segmented archive-nav" aria-label={t("archive.nav.label")}>
      <ul>
        <li>
          <A href="/archive" end aria-current={props.current === "search" ? "page" : undefined}>
            {t("archive.nav.search")}
          </A>
        </li>
        <li>
          <A href="/archive/changes" aria-current={props.current === "changes" ? "page" : undefined}>
            {t("archive.nav.changes")}
          </A>
        </li>
        <li>
          <A href="/archive/editions" aria-current={props.current === "editions" ? "page" : undefined}>
            {t("archive.nav.editions")}
          </A>
        </li>
      </ul>
    </nav>
  );
}
