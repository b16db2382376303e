import { A } from "@solidjs/router";
import { For, Show } from "solid-js";
import type { ArchiveHit } from "../../data/archive/search";
import { snippetParts } from "../../data/archive/snippetParts";
import { langAttr } from "../../i18n/contentLang";
import { locale, t } from "../../i18n/i18n";
import { formatDate, formatNumber } from "../../i18n/intlFormats";
import ReplayLink from "./ReplayLink";

/**
 * One archived page or capture: title (to its snapshot page), source, date, highlighted snippet.
 * The title and snippet are the page's own words, marked with its language.
 */
export default function ArchiveHitItem(props: { hit: ArchiveHit }) {
  const h = () => props.hit;
  const title = () => h().title || h().originalUrl;
  const isPdf = () => h().mimeType === "application/pdf" || h().mimeType === "application/x-pdf";
  const captured = () => formatDate(locale(), h().captureTimestamp, { dateStyle: "long" });
  return (
    <li class="card archive-hit">
      <h3 lang={h().title ? langAttr(h().language) : undefined}>
        <A href={`/archive/snapshots/${h().id}`}>{title()}</A>
      </h3>
      <p class="muted">
        {[isPdf() && t("archive.hit.pdf"), h().sourceName, t("archive.captured", { date: captured() })]
          .filter(Boolean)
          .join(" · ")}
        <Show when={h().pageSnapshotsCount > 1}>
          {` · ${t("archive.versions", { count: formatNumber(locale(), h().pageSnapshotsCount) })}`}
        </Show>
      </p>
      <p class="snippet" lang={langAttr(h().language)}>
        <For each={snippetParts(h().snippet)}>
          {(part) => (part.mark ? <mark>{part.text}</mark> : part.text)}
        </For>
      </p>
      <p class="muted break">{h().originalUrl}</p>
      <Show when={h().reachedFrom}>
        {(from) => <p class="muted break">{t("archive.hit.reachedFrom", { url: from() })}</p>}
      </Show>
      <Show when={h().replayUrl}>{(url) => <ReplayLink href={url()} />}</Show>
    </li>
  );
}
