import { A } from "@solidjs/router";
import { createResource, createSignal, For, Show } from "solid-js";
import { compareAddress, markedReplayAddress } from "../../data/archive/changes";
import { fetchSnapshot } from "../../data/archive/snapshot";
import { lang, locale, t } from "../../i18n/i18n";
import { captureTime } from "./captureTime";

/**
 * The change beside the page: both captures replayed side by side (each in a frame on the replay
 * origin, sandboxed there as every replay is), the passages the later one added listed above them
 * and marked inside the later capture itself (the replay marks them, `marks-since`), and the
 * previous and next change of the same page one click away. The later frame opens at the first
 * mark; each listed passage shows its own. On a phone one capture shows at a time, chosen with a
 * toggle, below the list.
 */
const LATER_FRAME = "chc-later-capture";

export default function CapturesSideBySide(props: { from: number; to: number; added: string[] }) {
  const [pair] = createResource(
    () => ({ from: props.from, to: props.to, language: lang() }),
    async (k) => Promise.all([fetchSnapshot(k.from, k.language), fetchSnapshot(k.to, k.language)]),
  );
  const [shown, setShown] = createSignal<"earlier" | "later">("later");
  let laterFigure: HTMLElement | undefined;
  return (
    <Show when={pair()}>
      {(p) => {
        const [before, after] = p();
        const marked = (n: number) =>
          after.replayUrl ? markedReplayAddress(after.replayUrl, before.id, n) : null;
        return (
          <section class="archive-side-by-side" aria-labelledby="side-by-side-title">
            <h2 id="side-by-side-title">{t("archive.side.title")}</h2>
            <nav class="archive-capture-steps" aria-label={t("archive.side.steps")}>
              <Show when={before.previousSnapshotId}>
                {(id) => (
                  <A href={compareAddress(id(), before.id)} data-testid="previous-capture">
                    {t("archive.side.previous")}
                  </A>
                )}
              </Show>
              <Show when={after.nextSnapshotId}>
                {(id) => (
                  <A href={compareAddress(after.id, id())} data-testid="next-capture">
                    {t("archive.side.next")}
                  </A>
                )}
              </Show>
            </nav>
            <Show when={props.added.length}>
              <h3>{t("archive.side.marked")}</h3>
              <Show when={after.replayUrl}>
                <p>{t("archive.side.markedHint")}</p>
              </Show>
              <ol class="archive-marked" data-testid="marked-passages" lang={after.language ?? undefined}>
                <For each={props.added.slice(0, 12)}>
                  {(line, i) => (
                    <li>
                      <Show when={marked(i() + 1)} fallback={<mark>{line}</mark>}>
                        {(href) => (
                          // A link into the later frame only moves it to the passage's mark (same page).
                          <a
                            href={href()}
                            target={LATER_FRAME}
                            onClick={() => {
                              setShown("later");
                              laterFigure?.scrollIntoView({ block: "nearest" });
                            }}
                          >
                            <mark>{line}</mark>
                            <span class="visually-hidden" lang={lang()}>
                              {" "}
                              ({t("archive.side.showMark")})
                            </span>
                          </a>
                        )}
                      </Show>
                    </li>
                  )}
                </For>
              </ol>
            </Show>
            <fieldset class="archive-side-toggle">
              <legend class="visually-hidden">{t("archive.side.choose")}</legend>
              <button type="button" aria-pressed={shown() === "earlier"} onClick={() => setShown("earlier")}>
                {t("archive.side.earlier")}
              </button>
              <button type="button" aria-pressed={shown() === "later"} onClick={() => setShown("later")}>
                {t("archive.side.later")}
              </button>
            </fieldset>
            <div class={`archive-frames show-${shown()}`}>
              <For
                each={
                  [
                    ["earlier", before],
                    ["later", after],
                  ] as const
                }
              >
                {([side, s]) => (
                  <figure
                    class={`archive-frame frame-${side}`}
                    data-testid={`frame-${side}`}
                    ref={(el) => {
                      if (side === "later") laterFigure = el;
                    }}
                  >
                    <figcaption>
                      {t(side === "earlier" ? "archive.side.earlier" : "archive.side.later")} ·{" "}
                      {captureTime(locale(), s.captureTimestamp, { month: "short" })}
                    </figcaption>
                    <Show when={s.replayUrl} fallback={<p>{t("archive.replay.unavailable")}</p>}>
                      {(url) => (
                        <iframe
                          src={side === "later" ? (marked(1) ?? url()) : url()}
                          name={side === "later" ? LATER_FRAME : undefined}
                          title={t(
                            side === "earlier" ? "archive.side.earlierFrame" : "archive.side.laterFrame",
                          )}
                          sandbox="allow-scripts allow-forms"
                          loading="lazy"
                        />
                      )}
                    </Show>
                  </figure>
                )}
              </For>
            </div>
          </section>
        );
      }}
    </Show>
  );
}
