import { A } from "@solidjs/router";
import { For, Show } from "solid-js";
import { type ArchiveChange, compareAddress } from "../../data/archive/changes";
import { langAttr } from "../../i18n/contentLang";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { CHANGE_TYPE_LABELS } from "./changeTypeLabels";

/**
 * One entry of the change feed: what happened to which page, how much (its level and the reason
 * for it), and a link to the diff. The summary and reason come worded in the reader's language.
 */
export default function ChangeItem(props: { change: ArchiveChange }) {
  const c = () => props.change;
  const snapshotId = () => c().snapshotId ?? c().previousSnapshotId;
  // The title and section names are the archived page's own words, in its language.
  const titleLang = () => (c().title ? langAttr(c().pageLanguage) : undefined);
  const when = () => formatDate(locale(), c().capturedAt, { dateStyle: "medium", timeStyle: "short" });
  return (
    <li class="card archive-change" data-change-type={c().type}>
      <h3 class="break" lang={titleLang()}>
        <Show when={snapshotId()} fallback={c().title || c().url}>
          {(id) => <A href={`/archive/snapshots/${id()}`}>{c().title || c().url}</A>}
        </Show>
      </h3>
      <p class="meta">
        <span class={`tag change-${c().type}`}>
          {t(CHANGE_TYPE_LABELS[c().type] ?? "archive.change.updated")}
        </span>
        <span class={`tag level-${c().significance}`} data-testid="change-level">
          {t(`archive.level.${c().significance}`)}
        </span>
        <Show when={c().highNoise}>
          <span class="tag closed" data-testid="noise-flag">
            {t("archive.change.noise")}
          </span>
        </Show>
        <span class="muted">{when()}</span>
      </p>
      <Show when={c().type === "updated"}>
        <p class="archive-line-counts">
          <span>{t("archive.change.added", { count: c().addedLines ?? 0 })}</span>
          {" · "}
          <span>{t("archive.change.removedLines", { count: c().removedLines ?? 0 })}</span>
        </p>
      </Show>
      {/* A new page's summary only repeats its tag. */}
      <Show when={c().type !== "new_page" && c().summary}>
        <p class="archive-change-summary">{c().summary}</p>
      </Show>
      <p class="archive-change-reason" data-testid="change-reason">
        {c().significanceReason}
      </p>
      <Show when={c().changedSections.length}>
        <p class="muted">
          {t("archive.change.sections")}{" "}
          <For each={c().changedSections.slice(0, 5)}>
            {(s, i) => (
              <>
                {i() > 0 ? ", " : ""}
                <q lang={langAttr(c().pageLanguage)}>{s.section}</q>
              </>
            )}
          </For>
        </p>
      </Show>
      <p class="muted break">{c().url}</p>
      <Show when={c().snapshotId && c().previousSnapshotId}>
        <A
          class="archive-diff-link"
          href={compareAddress(c().previousSnapshotId as number, c().snapshotId as number)}
        >
          {t("archive.change.viewDiff")}
          <span class="visually-hidden"> — {c().title || c().url}</span>
        </A>
      </Show>
    </li>
  );
}
