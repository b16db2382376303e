import { Show } from "solid-js";
import { t } from "../i18n/i18n";
import { applyUpdate, dismissUpdate, updateReady } from "../pwa/registerServiceWorker";
import { kiosk } from "../state/kiosk";

/**
 * Offers to switch to a newly installed version; the page reloads once it takes control. Never on
 * a kiosk: its visitor did not install the app, and the new version takes over at the next reset.
 */
export default function UpdatePrompt() {
  return (
    <Show when={updateReady() && !kiosk()}>
      <div class="update-prompt" role="alert">
        <p>{t("update.ready")}</p>
        <button type="button" class="primary" onClick={applyUpdate}>
          {t("update.reload")}
        </button>
        <button type="button" onClick={dismissUpdate}>
          {t("update.later")}
        </button>
      </div>
    </Show>
  );
}
