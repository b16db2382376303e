import { createEffect, onCleanup } from "solid-js";
import { t } from "../../i18n/i18n";

/**
 * The Atom feed of what the page lists: a visible "Subscribe" link, and the same address as
 * <link rel="alternate" type="application/atom+xml"> in the document's head while the page is
 * shown, so feed readers and browser extensions find it. The feed is the server's (/api/), not a
 * page of the app: rel="external" keeps the client-side router from taking the click, which
 * showed the app's "Page not found" at the feed's address. A kiosk offers no feed (ArchiveChanges).
 */
export default function FeedLink(props: { href: string }) {
  const link = document.createElement("link");
  link.rel = "alternate";
  link.type = "application/atom+xml";
  document.head.append(link);
  createEffect(() => {
    link.href = props.href;
    link.title = t("archive.changes.feedTitle");
  });
  onCleanup(() => link.remove());
  return (
    <p class="archive-feed-link">
      <a href={props.href} type="application/atom+xml" rel="external" data-testid="changes-feed">
        {t("archive.changes.subscribe")}
      </a>
    </p>
  );
}
