import { A } from "@solidjs/router";
import { For, Show } from "solid-js";
import { discardWrite, retryWrite, writeViews } from "../../data/partner/writes";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";
import WriteStatus from "./WriteStatus";

const KIND: Record<string, MessageKey> = {
  "service-edit": "partner.kind.edit",
  "service-create": "partner.kind.create",
  "service-retire": "partner.kind.retire",
};

/** Every change made on this device that is not yet saved, and those saved during this visit. */
export default function WriteStatusList() {
  return (
    <Show when={writeViews().length > 0}>
      <section class="pf-writes" aria-labelledby="pf-writes-heading">
        <h2 id="pf-writes-heading">{t("partner.writes.heading")}</h2>
        <ul class="plain">
          <For each={writeViews()}>
            {(w) => (
              <li class="pf-write" data-seq={w.seq}>
                <strong>{w.subject.name}</strong> · {t(KIND[w.subject.kind])} · <WriteStatus write={w} />
                <Show when={w.status === "conflict" && w.subject.serviceId}>
                  {" "}
                  <A href={`/partner/services/${w.subject.serviceId}`}>{t("partner.writes.resolve")}</A>
                </Show>
                <Show when={w.status === "refused"}>
                  <span class="pf-actions">
                    <button type="button" onClick={() => void retryWrite(w.seq)}>
                      {t("partner.writes.retry")}
                    </button>
                    <button type="button" onClick={() => void discardWrite(w.seq)}>
                      {t("partner.writes.discard")}
                    </button>
                  </span>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
