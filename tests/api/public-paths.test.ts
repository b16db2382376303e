/**
 * Issue #12, item 12: when the disk refuses the journal with an error that names it (here EISDIR
 * on reopening `directory.journal`), neither the 503 a client gets nor the anonymous
 * `/api/health?details=1` shows an absolute path: the file is named relative to DATA_DIR. The
 * server's log keeps the full error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import { startServer } from "../../server/main.js";
import { fetchHealthDetails, TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer } from "../helpers/server.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-paths-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const post = (base: string, key: string) =>
  fetch(`${base}/api/probe/items`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });

it("names the refused journal relative to DATA_DIR in the 503 and the health view, fully in the log", async () => {
  const first = await startTestServer({ modules: [probeModule], dataDir });
  expect((await post(first.baseUrl, "before")).status).toBe(201);
  await first.close();

  // Writes fail on /dev/full (ENOSPC, which names no file); then the journal's place holds a
  // folder, so reopening it fails with an error that quotes its absolute path.
  const journal = path.join(dataDir, "directory.journal");
  fs.rmSync(journal, { force: true });
  fs.symlinkSync("/dev/full", journal);
  let log = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    REPLAY_PORT: "0",
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    SCHEDULER: "0",
    ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
  });
  const server = await startServer(config, {
    modules: [probeModule],
    logger: createLogger("info", sink),
    webRoot: null,
  });
  try {
    expect((await post(server.url, "refused")).status).toBe(503);
    fs.rmSync(journal);
    fs.mkdirSync(journal);

    const refused = await post(server.url, "refused again");
    expect(refused.status).toBe(503);
    const text = await refused.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, error: "ServiceUnavailable" });
    expect(text).toContain("EISDIR");
    expect(text).toContain("'directory.journal'");
    expect(text).not.toContain(dataDir);
    expect(text).not.toMatch(/'\/[^']*'/);

    const health = await fetchHealthDetails(server.url);
    expect(health.status).toBe(200);
    const view = await health.text();
    const body = JSON.parse(view);
    expect(body.status).toBe("degraded");
    expect(body.details.stores.directory.lastError).toContain("'directory.journal'");
    expect(view).not.toContain(dataDir);
    expect(view).not.toMatch(/'\/[^']*'/);

    expect(log).toContain(journal);
  } finally {
    await server.close().catch(() => {});
    fs.rmSync(journal, { recursive: true, force: true });
  }
});
