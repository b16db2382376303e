import { createResource, createSignal, Show } from "solid-js";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { online } from "../../state/online";

async function readSyncState() {
  return (await import("../../data/device/savedData")).readDirectorySyncState();
}

/** When the directory copy was last brought up to date, and a button to do it now. */
export default function DirectorySyncSection() {
  const [state, { refetch }] = createResource(readSyncState);
  const [busy, setBusy] = createSignal(false);
  const update = async () => {
    setBusy(true);
    const { syncNow } = await import("../../data/device/backgroundSync");
    await syncNow(true);
    await refetch();
    setBusy(false);
  };
  const when = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t("settings.sync.heading")}</h2>
      <p role="status" data-testid="sync-status">
        <Show when={state()?.lastSuccessAt} fallback={t("settings.sync.never")}>
          {(at) => t("settings.sync.last", { date: when(at()) })}
        </Show>
        <Show when={state()?.lastError}> {t("settings.sync.failed")}</Show>
      </p>
      <Show when={online()} fallback={<p>{t("settings.sync.offline")}</p>}>
        <button type="button" class="primary" disabled={busy()} onClick={() => void update()}>
          {t("settings.sync.button")}
        </button>
      </Show>
    </section>
  );
}
