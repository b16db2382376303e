import { For, Show } from "solid-js";
import { languageName } from "../../../shared/text/language-names";
import { provenanceRows } from "../../data/archive/provenance";
import type { ArchiveSnapshot } from "../../data/archive/snapshot";
import type { MessageKey } from "../../i18n/en";
import { lang, locale, t } from "../../i18n/i18n";
import { captureTime } from "./captureTime";

/** Label/value rows; values are plain text, long identifiers wrap. */
function Facts(props: { rows: { label: string; value: string; code?: boolean }[]; labelledBy: string }) {
  return (
    <dl class="archive-facts" aria-labelledby={props.labelledBy}>
      <For each={props.rows}>
        {(r) => (
          <div>
            <dt>{r.label}</dt>
            <dd class="break">{r.code ? <code>{r.value}</code> : r.value}</dd>
          </div>
        )}
      </For>
    </dl>
  );
}

/** What was captured (metadata) and how it was captured (provenance), from GET /api/snapshot/{id}. */
export default function SnapshotFacts(props: { snapshot: ArchiveSnapshot }) {
  const s = () => props.snapshot;
  const when = () => captureTime(locale(), s().captureTimestamp, { seconds: true });
  const label = (key: MessageKey) => t(key);
  const metadata = () =>
    [
      { label: label("archive.snapshot.address"), value: s().url },
      { label: label("archive.snapshot.source"), value: s().sourceName ?? s().sourceCode ?? "" },
      { label: label("archive.snapshot.capturedAt"), value: when() },
      {
        label: label("archive.snapshot.status"),
        value: s().statusCode === null ? "" : String(s().statusCode),
      },
      { label: label("archive.snapshot.contentType"), value: s().mimeType ?? "" },
      // The page's language by its name in the reader's language, not its code.
      {
        label: label("archive.snapshot.language"),
        value: s().language ? languageName(s().language as string, s().language, lang()) : "",
      },
      {
        label: label("archive.snapshot.duplicate"),
        value: s().isDuplicate ? t("archive.snapshot.duplicateYes") : t("archive.snapshot.duplicateNo"),
      },
    ].filter((r) => r.value);
  return (
    <>
      <section aria-labelledby="snapshot-meta-heading">
        <h2 id="snapshot-meta-heading">{t("archive.snapshot.metadata")}</h2>
        <Facts rows={metadata()} labelledBy="snapshot-meta-heading" />
      </section>
      <section aria-labelledby="snapshot-prov-heading">
        <h2 id="snapshot-prov-heading">{t("archive.snapshot.provenance")}</h2>
        <Show when={provenanceRows(s()).length} fallback={<p>{t("archive.snapshot.noProvenance")}</p>}>
          <Facts
            rows={provenanceRows(s()).map((r) => ({
              label: r.key ? t(r.key) : r.raw,
              value: r.valueKey ? t(r.valueKey) : r.value,
              code: r.code,
            }))}
            labelledBy="snapshot-prov-heading"
          />
        </Show>
      </section>
    </>
  );
}
