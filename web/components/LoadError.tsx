import { A } from "@solidjs/router";
import { Show } from "solid-js";
import { t } from "../i18n/i18n";
import EmergencyNumbers from "./EmergencyNumbers";

/**
 * What a page shows when its data could not be loaded (or the page itself failed): the reason, a
 * way to try again where one makes sense, and a way back to the home page unless the page keeps its
 * own navigation around the error (the wait-time pages, inside their province or period links).
 * 911 and 9-8-8 come with it: a failed page is never a dead end for someone in danger.
 */
export default function LoadError(props: { message: string; onRetry?: () => void; homeLink?: boolean }) {
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
        <Show when={props.homeLink !== false}>
          <A href="/">{t("notfound.home")}</A>
        </Show>
      </p>
      <EmergencyNumbers />
    </div>
  );
}
