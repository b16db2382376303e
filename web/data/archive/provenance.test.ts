import { describe, expect, it } from "vitest";
import { provenanceRows } from "./provenance";
import type { ArchiveSnapshot } from "./snapshot";

const base: ArchiveSnapshot = {
  id: 7,
  jobId: 2,
  sourceCode: "demo",
  sourceName: "Demo",
  url: "http://example.test/a",
  normalizedUrlGroup: "http://example.test/a",
  captureTimestamp: "2026-01-01T00:00:00.000Z",
  mimeType: "text/html",
  statusCode: 200,
  title: "A",
  snippet: null,
  language: "en",
  captureBackend: "node_warc",
  captureFidelity: "high",
  provenance: { warc_file: "job2-00001.warc.gz", warc_offset: 120, extra_note: { a: 1 } },
  warcRecordId: "<urn:uuid:1>",
  contentHash: null,
  isDuplicate: false,
  previousSnapshotId: null,
  nextSnapshotId: null,
  replayUrl: null,
};

describe("provenanceRows", () => {
  it("labels known fields, keeps unknown provenance keys under their own name, skips empty values", () => {
    const rows = provenanceRows(base);
    expect(rows.map((r) => [r.key ?? r.raw, r.value])).toEqual([
      ["archive.prov.job", "2"],
      ["archive.prov.warcRecord", "<urn:uuid:1>"],
      ["archive.prov.backend", "node_warc"],
      ["archive.prov.fidelity", "high"],
      ["archive.prov.warcFile", "job2-00001.warc.gz"],
      ["archive.prov.warcOffset", "120"],
      ["extra_note", '{"a":1}'],
    ]);
  });

  it("copes with no provenance object", () => {
    expect(provenanceRows({ ...base, provenance: null, jobId: null }).map((r) => r.raw)).toEqual([
      "warcRecordId",
      "captureBackend",
      "captureFidelity",
    ]);
  });
});
