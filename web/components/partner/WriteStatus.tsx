import { Show } from "solid-js";
import type { WriteView } from "../../data/partnerWrites";
import { t } from "../../i18n/i18n";

/** One change's status in words, with the server's reason when it refused it. */
export function statusText(w: WriteView): string {
  switch (w.status) {
    case "queued":
      return t("partner.status.queued");
    case "sending":
      return t("partner.status.sending");
    case "signin":
      return t("partner.status.signin");
    case "saved":
      return w.savedVersion
        ? t("partner.status.savedVersion", { version: w.savedVersion })
        : t("partner.status.saved");
    case "conflict":
      return t("partner.status.conflict");
    case "refused":
      return t("partner.status.refused", { reason: (w.reason ?? "").replace(/^\d{3}: /, "") });
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
