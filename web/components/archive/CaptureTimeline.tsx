import { A } from "@solidjs/router";
import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { compareAddress } from "../../data/archive/changes";
import type { ArchiveHit } from "../../data/archive/search";
import { type ArchiveSnapshot, fetchCaptureTimeline } from "../../data/archive/snapshot";
import { locale, t } from "../../i18n/i18n";
import { captureTime } from "./captureTime";

/** Every capture of this snapshot's page, newest first; the one shown is marked as current. */
export default function CaptureTimeline(props: { snapshot: ArchiveSnapshot }) {
  const [older, setOlder] = createSignal<ArchiveHit[]>([]);
  const [nextPage, setNextPage] = createSignal(2);
  const [first] = createResource(
    () => props.snapshot,
    (s) => {
      setOlder([]);
      setNextPage(2);
      return fetchCaptureTimeline(s);
    },
  );
  const [loadingMore, setLoadingMore] = createSignal(false);
  const captures = () => [...(first()?.results ?? []), ...older()];
  const more = async () => {
    setLoadingMore(true);
    try {
      const page = await fetchCaptureTimeline(props.snapshot, nextPage());
      setOlder([...older(), ...page.results]);
      setNextPage(nextPage() + 1);
    } finally {
      setLoadingMore(false);
    }
  };
  // The diff always runs from the earlier capture to the later one.
  const compareWithShown = (c: ArchiveHit) => {
    const shown = props.snapshot;
    const earlier =
      c.captureTimestamp < shown.captureTimestamp ||
      (c.captureTimestamp === shown.captureTimestamp && c.id < shown.id);
    return earlier ? compareAddress(c.id, shown.id) : compareAddress(shown.id, c.id);
  };
  const when = (iso: string) => captureTime(locale(), iso, { month: "short", seconds: true });
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{t("archive.timeline.heading")}</h2>
      <Switch>
        <Match when={first.error}>
          <p role="alert">{t("archive.timeline.error")}</p>
        </Match>
        <Match when={first()}>
          {(r) => (
            <>
              <p>{t("archive.timeline.count", { count: r().total })}</p>
              <ol class="archive-timeline" data-testid="capture-timeline">
                <For each={captures()}>
                  {(c) => (
                    <li>
                      <Show
                        when={c.id !== props.snapshot.id}
                        fallback={
                          <span aria-current="true" class="archive-current">
                            {when(c.captureTimestamp)}{" "}
                            <span class="tag">{t("archive.timeline.current")}</span>
                          </span>
                        }
                      >
                        <A href={`/archive/snapshots/${c.id}`}>{when(c.captureTimestamp)}</A>
                        {" · "}
                        <A class="archive-timeline-compare" href={compareWithShown(c)}>
                          {t("archive.timeline.compare")}
                          <span class="visually-hidden"> ({when(c.captureTimestamp)})</span>
                        </A>
                      </Show>
                    </li>
                  )}
                </For>
              </ol>
              <Show when={r().total > captures().length && r().results.length > 0}>
                <button type="button" disabled={loadingMore()} onClick={() => void more()}>
                  {t("archive.timeline.more")}
                </button>
              </Show>
            </>
          )}
        </Match>
        <Match when={first.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </section>
  );
}
