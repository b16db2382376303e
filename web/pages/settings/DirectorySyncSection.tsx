import { createResource, createSignal, Show } from "solid-js";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { online } from "../../state/online";
import { storageFailureKey } from "./storageFacts";

// Storage the browser refuses (site data blocked) reads as never saved; the sync's own error says why.
async function readSyncState() {
  return (await import("../../data/device/savedData")).readDirectorySyncState().catch(() => null);
}

/** When the directory copy was last brought up to date, and a button to do it now. */
export default function DirectorySyncSection() {
  const [state, { refetch }] = createResource(readSyncState);
  const [busy, setBusy] = createSignal(false);
  // Why the update asked for here did not finish, when it did not.
  const [failure, setFailure] = createSignal<"full" | "blocked" | "other" | null>(null);
  const update = async () => {
    setBusy(true);
    setFailure(null);
    const { lastSyncError, syncNow } = await import("../../data/device/backgroundSync");
    await syncNow(true);
    await refetch();
    setFailure(storageFailureKey(lastSyncError()));
    setBusy(false);
  };
  const when = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t("settings.sync.heading")}</h2>
      <p role="status" data-testid="sync-status">
        <Show
          when={state()?.lastSuccessAt}
          fallback={t(state()?.cursor ? "settings.sync.partial" : "settings.sync.never")}
        >
          {(at) => t("settings.sync.last", { date: when(at()) })}
        </Show>
        <Show when={state()?.lastError && !failure()}> {t("settings.sync.failed")}</Show>
      </p>
      <Show when={failure()}>
        {(why) => (
          <p role="alert" data-testid="sync-failure">
            {t(
              why() === "full"
                ? "settings.sync.full"
                : why() === "blocked"
                  ? "settings.storage.blocked"
                  : "settings.sync.failed",
            )}
          </p>
        )}
      </Show>
      <Show when={online()} fallback={<p>{t("settings.sync.offline")}</p>}>
        <button type="button" class="primary" disabled={busy()} onClick={() => void update()}>
          {t("settings.sync.button")}
        </button>
      </Show>
    </section>
  );
}
