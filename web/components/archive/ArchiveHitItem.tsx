import { A } from "@solidjs/router";
import { For, Show } from "solid-js";
import type { ArchiveHit } from "../../data/archiveSearch";
import { snippetParts } from "../../data/snippetParts";
import { lang, t } from "../../i18n/i18n";
import ReplayLink from "./ReplayLink";

/** One archived page or capture: title (to its snapshot page), source, date, highlighted snippet. */
export default function ArchiveHitItem(props: { hit: ArchiveHit }) {
  const h = () => props.hit;
  const title = () => h().title || h().originalUrl;
  const captured = () => new Date(h().captureTimestamp).toLocaleDateString(lang(), { dateStyle: "long" });
  return (
    <li class="card archive-hit">
      <h3>
        <A href={`/archive/snapshots/${h().id}`}>{title()}</A>
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
      <Show when={h().replayUrl}>{(url) => <ReplayLink href={url()} />}</Show>
    </li>
  );
}
