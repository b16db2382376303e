// Turns a snapshot's provenance (job, WARC record, capture backend, hash, and the free-form
// provenance object the crawler stored) into label/value rows. Known fields get a translated label
// key; any other provenance key is shown under its own name, so nothing the server records is hidden.
import type { MessageKey } from "../../i18n/en";
import type { ArchiveSnapshot } from "./snapshot";

export interface ProvenanceRow {
  /** Translated label, for known fields. */
  key: MessageKey | null;
  /** The field's own name, shown when there is no translated label. */
  raw: string;
  value: string;
  /** Identifiers and hashes, shown in monospace. */
  code: boolean;
  /** The value's own words, for a value the server names by a code ("high", "node_warc"). */
  valueKey?: MessageKey;
}

/** The codes the server stores for how a page was captured, as a reader would say them. */
const VALUE_WORDS: Record<string, MessageKey> = {
  high: "archive.prov.fidelity.high",
  fallback: "archive.prov.fidelity.fallback",
  unknown: "archive.prov.fidelity.unknown",
  node_warc: "archive.prov.backend.node_warc",
  legacy_warc: "archive.prov.backend.legacy_warc",
};

const KNOWN: Record<string, { key: MessageKey; code: boolean }> = {
  warc_file: { key: "archive.prov.warcFile", code: true },
  warc_offset: { key: "archive.prov.warcOffset", code: false },
  warc_length: { key: "archive.prov.warcLength", code: false },
  crawler: { key: "archive.prov.crawler", code: true },
};

const text = (v: unknown) =>
  v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

export function provenanceRows(s: ArchiveSnapshot): ProvenanceRow[] {
  const rows: ProvenanceRow[] = [
    { key: "archive.prov.job", raw: "jobId", value: text(s.jobId), code: false },
    { key: "archive.prov.warcRecord", raw: "warcRecordId", value: text(s.warcRecordId), code: true },
    {
      key: "archive.prov.backend",
      raw: "captureBackend",
      value: text(s.captureBackend),
      code: !VALUE_WORDS[text(s.captureBackend)],
      valueKey: VALUE_WORDS[text(s.captureBackend)],
    },
    {
      key: "archive.prov.fidelity",
      raw: "captureFidelity",
      value: text(s.captureFidelity),
      code: false,
      valueKey: VALUE_WORDS[text(s.captureFidelity)],
    },
    { key: "archive.prov.hash", raw: "contentHash", value: text(s.contentHash), code: true },
  ];
  for (const [name, value] of Object.entries(s.provenance ?? {})) {
    const known = KNOWN[name];
    rows.push({ key: known?.key ?? null, raw: name, value: text(value), code: known?.code ?? true });
  }
  return rows.filter((r) => r.value !== "");
}
