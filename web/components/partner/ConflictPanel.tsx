import { For, onMount, Show } from "solid-js";
import type { DirectoryService } from "../../../shared/directory/types";
import { diffVersions, wordChanges } from "../../data/partner/diff";
import type { OutboxRecord } from "../../data/partner/writes";
import { conflictCurrent, keepMine, takeTheirs } from "../../data/partner/writes";
import { lang, t } from "../../i18n/i18n";
import { fieldLabel } from "./fieldLabel";
import { formatWhen } from "./formatWhen";
import MarkedText from "./MarkedText";

interface Props {
  row: OutboxRecord;
  onTheirs: (current: DirectoryService) => void;
  onMine: (seq: number) => void;
}

/**
 * Someone saved a newer version while this change waited: the two versions side by side, field by
 * field, and the partner's choice of which one stands.
 */
export default function ConflictPanel(props: Props) {
  let heading!: HTMLHeadingElement;
  onMount(() => heading.focus());
  const current = () => conflictCurrent(props.row);
  /** A retirement has no fields of its own to compare: the choice is to retire the saved version or not. */
  const retiring = () => props.row.subject?.kind === "service-retire";
  const diffs = () => {
    const theirs = current();
    return theirs && !retiring()
      ? diffVersions(props.row.body as Record<string, unknown>, theirs, t, lang())
      : [];
  };
  return (
    <section class="pf-conflict" aria-labelledby="pf-conflict-heading">
      <h2 id="pf-conflict-heading" tabindex="-1" ref={heading}>
        {t("partner.conflict.heading")}
      </h2>
      <Show when={current()}>
        {(theirs) => (
          <>
            <p>
              {t(retiring() ? "partner.conflict.introRetire" : "partner.conflict.intro", {
                mine: props.row.subject?.baseVersion ?? "?",
                theirs: theirs().version,
                date: formatWhen(theirs().updatedAt),
              })}
            </p>
            {/* A retirement has no fields of its own to set beside the saved ones. */}
            <Show
              when={diffs().length > 0}
              fallback={
                <Show when={!retiring()}>
                  <p>{t("partner.conflict.same")}</p>
                </Show>
              }
            >
              {/* Focusable so a keyboard can scroll it when a long value makes it wider than a phone. */}
              <section class="table-scroll" tabindex="0" aria-labelledby="pf-diff-caption">
                <table class="data pf-diff">
                  <caption id="pf-diff-caption">
                    {t("partner.conflict.caption", { count: diffs().length })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("partner.conflict.field")}</th>
                      <th scope="col">{t("partner.conflict.mine")}</th>
                      <th scope="col">{t("partner.conflict.theirs", { version: theirs().version })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={diffs()}>
                      {(d) => {
                        const parts = wordChanges(d.mine, d.theirs);
                        return (
                          <tr data-field={d.field}>
                            <th scope="row">{fieldLabel(d.field)}</th>
                            <td class="pf-mine">
                              <MarkedText parts={parts.mine} />
                            </td>
                            <td class="pf-theirs">
                              <MarkedText parts={parts.theirs} />
                            </td>
                          </tr>
                        );
                      }}
                    </For>
                  </tbody>
                </table>
              </section>
            </Show>
            <div class="pf-actions">
              <button
                type="button"
                class="primary"
                onClick={async () => {
                  const seq = await keepMine(props.row);
                  if (seq !== null) props.onMine(seq);
                }}
              >
                {t(retiring() ? "partner.conflict.retireAnyway" : "partner.conflict.keepMine", {
                  version: theirs().version,
                })}
              </button>
              <button
                type="button"
                onClick={async () => {
                  const kept = await takeTheirs(props.row);
                  if (kept) props.onTheirs(kept);
                }}
              >
                {t(retiring() ? "partner.conflict.keepService" : "partner.conflict.takeTheirs")}
              </button>
            </div>
          </>
        )}
      </Show>
    </section>
  );
}
