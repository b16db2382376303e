import { createResource, For, Show } from "solid-js";
import { API_CACHE_NAME } from "../../../sw/cacheNames";
import { lang, locale, t } from "../../i18n/i18n";
import { formatNumber } from "../../i18n/intlFormats";
import SavedDataSection from "./SavedDataSection";
import { formatBytes, readCaches, readEstimate } from "./storageFacts";

/** What the app keeps on this device and how much room it takes. */
export default function StorageSection() {
  const [estimate] = createResource(readEstimate);
  const [cacheList] = createResource(readCaches);
  const cacheLabel = (name: string) =>
    name.includes("precache")
      ? t("settings.caches.shell")
      : name === API_CACHE_NAME
        ? t("settings.caches.api")
        : name;
  return (
    <section aria-labelledby="storage-heading">
      <h2 id="storage-heading">{t("settings.offline.heading")}</h2>
      <p>{t("settings.offline.body")}</p>
      <SavedDataSection />
      <h3>{t("settings.storage.heading")}</h3>
      <p data-testid="storage-estimate">
        <Show when={estimate()} fallback={t("settings.storage.unknown")}>
          {(e) =>
            t("settings.storage.usage", {
              used: formatBytes(e().usage ?? 0, lang()),
              quota: formatBytes(e().quota ?? 0, lang()),
            })
          }
        </Show>
      </p>
      <h3>{t("settings.caches.heading")}</h3>
      <Show when={cacheList() === null}>
        <p class="notice" data-testid="storage-blocked">
          {t("settings.storage.blocked")}
        </p>
      </Show>
      <Show when={(cacheList() ?? []).length > 0} fallback={<p>{t("settings.caches.none")}</p>}>
        <ul>
          <For each={cacheList()}>
            {(c) => (
              <li>
                {cacheLabel(c.name)}
                {t("label.colon")}
                {formatNumber(locale(), c.entries)}
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
