import { Show } from "solid-js";
import { t } from "../i18n/i18n";
import { online } from "../state/online";

/** Shown while the browser reports no connection; announced politely to screen readers. */
export default function OfflineNotice() {
  return (
    <div role="status" aria-live="polite" class="offline-slot">
      <Show when={!online()}>
        <p class="offline-notice">{t("offline.notice")}</p>
      </Show>
    </div>
  );
}
