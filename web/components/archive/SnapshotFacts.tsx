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

/**
 * What was captured, from GET /api/snapshot/{id}: for everyone, the plain facts (the address, the
 * site, when, the page's language) and a way to cite it; folded under a summary saying what they
 * are for, the technical facts researchers use to cite and verify a capture (how the site answered,
 * the WARC record, file and offset, the content hash, the crawl), closed until asked for.
 */
export default function SnapshotFacts(props: { snapshot: ArchiveSnapshot }) {
  const s = () => props.snapshot;
  const when = () => captureTime(locale(), s().captureTimestamp, { seconds: true });
  const label = (key: MessageKey) => t(key);
  const source = () => s().sourceName ?? s().sourceCode ?? "";
  const plain = () =>
    [
      { label: label("archive.snapshot.address"), value: s().url },
      { label: label("archive.snapshot.source"), value: source() },
      { label: label("archive.snapshot.capturedAt"), value: when() },
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
  const technical = () =>
    [
      {
        label: label("archive.snapshot.status"),
        value: s().statusCode === null ? "" : String(s().statusCode),
      },
      { label: label("archive.snapshot.contentType"), value: s().mimeType ?? "" },
    ].filter((r) => r.value);
  // This page's own address: the archived copy a citation points to.
  const link = () => `${location.origin}/archive/snapshots/${s().id}`;
  const citation = () =>
    t("archive.snapshot.citation", {
      title: s().title || s().url,
      source: source(),
      address: s().url,
      date: captureTime(locale(), s().captureTimestamp),
      link: link(),
    });
  return (
    <section aria-labelledby="snapshot-meta-heading">
      <h2 id="snapshot-meta-heading">{t("archive.snapshot.metadata")}</h2>
      <Facts rows={plain()} labelledBy="snapshot-meta-heading" />
      <h3 id="snapshot-cite-heading">{t("archive.snapshot.citeHeading")}</h3>
      <p class="archive-cite break" data-testid="snapshot-citation">
        {citation()}
      </p>
      <details class="archive-technical" data-testid="snapshot-technical">
        <summary id="snapshot-technical-summary">{t("archive.snapshot.technical")}</summary>
        <Show when={technical().length}>
          <Facts rows={technical()} labelledBy="snapshot-technical-summary" />
        </Show>
        <h3 id="snapshot-prov-heading">{t("archive.snapshot.provenance")}</h3>
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
      </details>
    </section>
  );
}
