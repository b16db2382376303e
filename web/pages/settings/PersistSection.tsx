import { createSignal, onMount, Show } from "solid-js";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

type PersistState = "unknown" | "granted" | "denied" | "unsupported";
const STATE_TEXT: Record<Exclude<PersistState, "unknown">, MessageKey> = {
  granted: "settings.persist.granted",
  denied: "settings.persist.denied",
  unsupported: "settings.persist.unsupported",
};

/** Asks the browser to exempt the offline data from eviction (navigator.storage.persist). */
export default function PersistSection() {
  const [state, setState] = createSignal<PersistState>("unknown");
  onMount(async () => {
    if (!navigator.storage?.persist) return setState("unsupported");
    if (await navigator.storage.persisted()) setState("granted");
  });
  const request = async () => {
    setState((await navigator.storage.persist()) ? "granted" : "denied");
  };
  return (
    <section aria-labelledby="persist-heading">
      <h2 id="persist-heading">{t("settings.persist.heading")}</h2>
      <p>{t("settings.persist.body")}</p>
      <Show when={state() !== "granted" && state() !== "unsupported"}>
        <button type="button" class="primary" onClick={request}>
          {t("settings.persist.button")}
        </button>
      </Show>
      <p role="status" data-testid="persist-state">
        {state() === "unknown" ? "" : t(STATE_TEXT[state() as Exclude<PersistState, "unknown">])}
      </p>
    </section>
  );
}
