import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { WarcWriter } from "./warc-writer.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const exchange = (url: string) => ({
  url,
  date: "2026-03-01T08:00:00.000Z",
  method: "GET",
  requestHeaders: { "User-Agent": "test" },
  status: 200,
  statusText: "OK",
  responseHeaders: [["Content-Type", "text/html"]] as [string, string][],
  body: new TextEncoder().encode("<p>hello</p>"),
});

it("refuses an append after close, opening no new file", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "warc-writer-"));
  dirs.push(dir);
  const writer = new WarcWriter(dir, "t", 1);
  const first = await writer.append(exchange("https://example.org/a"));
  writer.close();
  const size = statSync(path.join(dir, first.file)).size;
  await expect(writer.append(exchange("https://example.org/b"))).rejects.toThrow(/closed/);
  expect(readdirSync(dir)).toEqual(["t-00001.warc.gz"]);
  expect(statSync(path.join(dir, first.file)).size).toBe(size);
});

it("refuses an append whose records were still being made when the writer closed", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "warc-writer-"));
  dirs.push(dir);
  const writer = new WarcWriter(dir, "t", 1);
  // The first append of a writer opens its file after serializing; close it meanwhile.
  const pending = writer.append(exchange("https://example.org/a"));
  writer.close();
  await expect(pending).rejects.toThrow(/closed/);
  expect(readdirSync(dir)).toEqual([]);
});
