import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { t } from "../i18n/i18n";

/**
 * What a page shows when its data could not be loaded (or the page itself failed): the reason, a
 * way to try again where one makes sense, and always a way back to the home page.
 */
export default function LoadError(props: { message: string; onRetry?: () => void }) {
  return (
    <div class="load-error">
      <p role="alert">{props.message}</p>
      <p class="load-error-actions">
        <Show when={props.onRetry}>
          {(retry) => (
            <button type="button" class="primary" onClick={() => retry()()}>
              {t("waits.retry")}
            </button>
          )}
        </Show>
        <A href="/">{t("notfound.home")}</A>
      </p>
    </div>
  );
}
