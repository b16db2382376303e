import { For, Show } from "solid-js";
import type { ArchiveHit } from "../../data/archiveSearch";
import { snippetParts } from "../../data/snippetParts";
import { lang, t } from "../../i18n/i18n";

/** One archived page: title (opening the capture on the replay service), source, date, snippet. */
export default function ArchiveHitItem(props: { hit: ArchiveHit }) {
  const h = () => props.hit;
  const title = () => h().title || h().originalUrl;
  const captured = () => new Date(h().captureTimestamp).toLocaleDateString(lang(), { dateStyle: "long" });
  return (
    <li class="card archive-hit">
      <h3>
        <Show when={h().replayUrl} fallback={title()}>
          {(url) => (
            <a href={url()} target="_blank" rel="noopener noreferrer">
              {title()}
            </a>
          )}
        </Show>
      </h3>
      <p class="muted">
        {[h().sourceName, t("archive.captured", { date: captured() })].filter(Boolean).join(" · ")}
        <Show when={h().pageSnapshotsCount > 1}>
          {` · ${t("archive.versions", { count: h().pageSnapshotsCount.toLocaleString(lang()) })}`}
        </Show>
      </p>
      <p class="snippet">
        <For each={snippetParts(h().snippet)}>
          {(part) => (part.mark ? <mark>{part.text}</mark> : part.text)}
        </For>
      </p>
      <p class="muted break">{h().originalUrl}</p>
    </li>
  );
}
