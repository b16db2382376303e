import { Show } from "solid-js";
import type { WriteView } from "../../data/partner/writes";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

const REFUSALS: Record<string, MessageKey> = {
  Forbidden: "partner.refusal.forbidden",
  NotFound: "partner.refusal.notFound",
  ValidationError: "partner.refusal.invalid",
};

/** One change's status in words, with the server's reason when it refused it. */
export function statusText(w: WriteView): string {
  switch (w.status) {
    case "queued":
      return t("partner.status.queued");
    case "sending":
      return t("partner.status.sending");
    case "signin":
      return t("partner.status.signin");
    case "account":
      return t("partner.status.account");
    case "saved":
      return w.savedVersion
        ? t("partner.status.savedVersion", { version: w.savedVersion })
        : t("partner.status.saved");
    case "conflict":
      return t("partner.status.conflict");
    case "refused": {
      // The server's reason is in English (the API's language); the kind of refusal is translated.
      const reason = (w.reason ?? "").replace(/^\d{3}: /, "");
      const kind = REFUSALS[w.row?.refusal?.error ?? ""];
      return kind
        ? t("partner.status.refusedAs", { kind: t(kind), reason })
        : t("partner.status.refused", { reason });
    }
  }
}

export default function WriteStatus(props: { write: WriteView }) {
  return (
    <span class={`pf-status pf-status-${props.write.status}`} data-status={props.write.status}>
      <Show when={props.write.status === "sending"}>
        <span aria-hidden="true">⟳ </span>
      </Show>
      {statusText(props.write)}
    </span>
  );
}
