import { createResource, For } from "solid-js";
import type { MessageKey } from "../../i18n/en";
import { locale, t } from "../../i18n/i18n";
import { formatNumber } from "../../i18n/intlFormats";

const ROWS: Array<{ table: "hospitals" | "services" | "outbox"; label: MessageKey }> = [
  { table: "hospitals", label: "settings.tables.hospitals" },
  { table: "services", label: "settings.tables.services" },
  { table: "outbox", label: "settings.tables.outbox" },
];

/** How many records of each kind the offline database holds. */
export default function SavedDataSection() {
  // Storage the browser refuses (site data blocked) counts as nothing saved, not as a broken page.
  const [counts] = createResource(async () =>
    (await import("../../data/device/savedData")).countSavedRecords().catch(() => null),
  );
  return (
    <>
      <h3>{t("settings.tables.heading")}</h3>
      <dl class="counts" data-testid="saved-counts">
        <For each={ROWS}>
          {(row) => (
            <div>
              <dt>{t(row.label)}</dt>
              <dd>{formatNumber(locale(), counts()?.[row.table] ?? 0)}</dd>
            </div>
          )}
        </For>
      </dl>
    </>
  );
}
