import { A } from "@solidjs/router";
import { createResource, For, Match, Show, Switch } from "solid-js";
import { displayValue, wordChanges } from "../../data/partner/diff";
import { fetchHistory } from "../../data/partner/services";
import type { MessageKey } from "../../i18n/en";
import { lang, t } from "../../i18n/i18n";
import { fieldLabel } from "./fieldLabel";
import { formatWhen } from "./formatWhen";
import MarkedText from "./MarkedText";

const ACTIONS: Record<string, MessageKey> = {
  create: "partner.history.create",
  update: "partner.history.update",
  retire: "partner.history.retire",
  import: "partner.history.import",
};

/** Who changed the service, when, and what moved: each field's value before and after. */
export default function HistoryList(props: { id: string }) {
  const [entries] = createResource(() => props.id, fetchHistory);
  return (
    <>
      <p>
        <A href="/partner">{t("partner.back")}</A>
      </p>
      <Switch>
        <Match when={entries.error}>
          <p class="notice">
            {t("partner.history.failed", { reason: String(entries.error?.message ?? "") })}
          </p>
        </Match>
        <Match when={entries()?.length === 0}>
          <p>{t("partner.history.none")}</p>
        </Match>
        <Match when={entries()}>
          {(list) => (
            <ol class="plain pf-history">
              <For each={list()}>
                {(e) => (
                  <li class="card" data-version={e.version ?? ""}>
                    <h2>{t(ACTIONS[e.action] ?? "partner.history.update", { version: e.version ?? "?" })}</h2>
                    <p class="muted">
                      {t("partner.history.by", {
                        who: e.actorEmail ?? t("partner.history.system"),
                        date: formatWhen(e.at),
                      })}
                    </p>
                    <Show when={e.action === "update" && e.changes.length > 0}>
                      <dl class="pf-changes">
                        <For each={e.changes}>
                          {(c) => {
                            const parts = wordChanges(
                              displayValue(c.field, c.after, t, lang()),
                              displayValue(c.field, c.before, t, lang()),
                            );
                            return (
                              <div data-field={c.field}>
                                <dt>{fieldLabel(c.field)}</dt>
                                <dd>
                                  <span class="pf-label">{t("partner.history.before")} </span>
                                  <del>
                                    <MarkedText parts={parts.theirs} />
                                  </del>{" "}
                                  <span class="pf-label">{t("partner.history.after")} </span>
                                  <ins>
                                    <MarkedText parts={parts.mine} />
                                  </ins>
                                </dd>
                              </div>
                            );
                          }}
                        </For>
                      </dl>
                    </Show>
                  </li>
                )}
              </For>
            </ol>
          )}
        </Match>
        <Match when={true}>
          <p role="status">{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
