/**
 * Through the real server: when the disk refuses the journal write (the journal is /dev/full, so
 * every write fails with ENOSPC for real), a write answers 503 ServiceUnavailable in the envelope,
 * reads keep answering, and nothing of the refused write is visible.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { fetchHealthDetails } from "../helpers/admin-token.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer } from "../helpers/server.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-full-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const post = (base: string, key: string) =>
  fetch(`${base}/api/probe/items`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });

it("answers 503 on a full disk and keeps serving reads", async () => {
  const first = await startTestServer({ modules: [probeModule], dataDir });
  expect((await post(first.baseUrl, "before")).status).toBe(201);
  await first.close();

  const journal = path.join(dataDir, "directory.journal");
  fs.rmSync(journal, { force: true });
  fs.symlinkSync("/dev/full", journal);
  const server = await startTestServer({ modules: [probeModule], dataDir });
  try {
    const refused = await post(server.baseUrl, "during");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await refused.json()).toMatchObject({ success: false, error: "ServiceUnavailable" });

    const list = await (await fetch(`${server.baseUrl}/api/probe/items`)).json();
    expect(list.items).toEqual(["before"]);
    const health = await (await fetchHealthDetails(server.baseUrl)).json();
    expect(health.details.stores.directory.writable).toBe(false);
    expect(health.status).toBe("degraded");
    expect(health.checks).toEqual({ db: "writes_refused", databases: { directory: "writes_refused" } });
  } finally {
    fs.rmSync(journal, { force: true });
    await server.close().catch(() => {});
  }
});
