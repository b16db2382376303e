/**
 * Issue #18: the plain `/api/health` answers from the status each store keeps current, with no
 * database query per request, and a store failure still shows in the very next answer: a write
 * the disk refused (the journal is /dev/full, so it fails with ENOSPC for real) makes it degraded,
 * a database that can no longer be read makes it an error (503).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Store } from "../../server/db/types.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer } from "../helpers/server.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-health-kept-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Counts the store's queries (its real methods still answer). */
function countQueries(store: Store): () => number {
  let queries = 0;
  const target = store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ["get", "all", "check"]) {
    const real = target[method].bind(store);
    target[method] = (...args: unknown[]) => {
      queries++;
      return real(...args);
    };
  }
  return () => queries;
}

it("runs no query per health request, and shows a refused write and an unreadable database at once", async () => {
  const first = await startTestServer({ modules: [probeModule], dataDir });
  await first.close();
  const journal = path.join(dataDir, "directory.journal");
  fs.rmSync(journal, { force: true });
  fs.symlinkSync("/dev/full", journal);
  const server = await startTestServer({ modules: [probeModule], dataDir });
  try {
    const store = server.contexts.get("directory")!.store;
    const queries = countQueries(store);
    const health = async () => {
      const before = queries();
      const res = await fetch(`${server.baseUrl}/api/health`);
      const body = await res.json();
      expect(queries() - before).toBe(0);
      return { status: res.status, body };
    };

    for (let i = 0; i < 10; i++)
      expect(await health()).toEqual({ status: 200, body: { status: "ok", checks: { db: "ok" } } });

    const refused = await fetch(`${server.baseUrl}/api/probe/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: "refused" }),
    });
    expect(refused.status).toBe(503);
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: "degraded",
        checks: { db: "writes_refused", databases: { directory: "writes_refused" } },
      },
    });

    // The database goes away under the server (as if its memory were lost): error, 503.
    await store.close({ checkpoint: false });
    expect(await health()).toEqual({
      status: 503,
      body: { status: "error", checks: { db: "error", databases: { directory: "error" } } },
    });
  } finally {
    fs.rmSync(journal, { force: true });
    await server.close().catch(() => {});
  }
});
