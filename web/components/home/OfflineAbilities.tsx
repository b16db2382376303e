import { createResource, Show } from "solid-js";
import { deviceDatabaseExists } from "../../data/device/dbName";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { online } from "../../state/online";

/** What the device holds of the directory: when it was saved, only a part, or nothing yet. */
async function savedDirectory(): Promise<{ savedAt: string | null; part: boolean } | null> {
  // A device without the database has saved nothing; opening it here would create it.
  if (!(await deviceDatabaseExists())) return null;
  const { readDirectorySyncState } = await import("../../data/device/savedData");
  const row = await readDirectorySyncState().catch(() => null);
  if (!row?.cursor) return null;
  return { savedAt: row.lastSuccessAt, part: !row.lastSuccessAt };
}

/**
 * Offline, the home page says plainly what still works instead of leaving people to find out,
 * and how old the saved directory is (or that there is none, so search waits for a connection).
 */
export default function OfflineAbilities() {
  const [saved] = createResource(() => !online() || undefined, savedDirectory);
  const searchLine = () => {
    if (saved.state !== "ready") return t("home.offline.search");
    const s = saved();
    if (!s) return t("home.offline.searchNone");
    if (s.part || !s.savedAt) return t("home.offline.searchPart");
    return t("home.offline.searchDated", {
      date: formatDate(locale(), s.savedAt, { dateStyle: "long", timeStyle: "short" }),
    });
  };
  return (
    <Show when={!online()}>
      <section class="offline-abilities" aria-labelledby="offline-abilities-title">
        <h2 id="offline-abilities-title">{t("home.offline.title")}</h2>
        <ul>
          <li data-testid="offline-search">{searchLine()}</li>
          <li>{t("home.offline.call")}</li>
          <li>{t("home.offline.waits")}</li>
          <li>{t("home.offline.later")}</li>
        </ul>
      </section>
    </Show>
  );
}
