import { Show } from "solid-js";
import { t } from "../i18n/i18n";
import { applyUpdate, dismissUpdate, updateReady } from "../pwa/registerServiceWorker";

/** Offers to switch to a newly installed version; the page reloads once it takes control. */
export default function UpdatePrompt() {
  return (
    <Show when={updateReady()}>
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
