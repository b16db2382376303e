/**
 * The offline app's incremental sync over the real server (GET /api/v1/services?changed_after=N):
 * after a full sync, the next one brings only what changed since, even though the whole seed shares
 * one updated_at; pages chain by change number, so a record changed between two pages is neither
 * lost nor sent in place of another; and the parameter is checked like every other.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import type { DirectoryService } from "../../shared/directory/types.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

interface SyncPage {
  data: Array<DirectoryService | { id: string; deleted: true; updatedAt: string }>;
  meta: { total: number; nextCursor: string | null; lastChange: number };
}

let dataDir: string;
let server: TestServer;
let token: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData(); // the seed and the test accounts
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  token = await bearer(server.baseUrl, ACCOUNTS.admin);
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function page(query: string): Promise<{ res: Response; body: SyncPage }> {
  const res = await fetch(`${server.baseUrl}/api/v1/services?${query}`);
  return { res, body: await res.json() };
}

/** Every page from `after`, as the app reads them; returns the records and the cursor to keep. */
async function syncFrom(after: number, limit = 500): Promise<{ records: SyncPage["data"]; cursor: number }> {
  const records: SyncPage["data"] = [];
  let next: number | null = after;
  let cursor = after;
  while (next !== null) {
    const { body } = await page(`changed_after=${next}&limit=${limit}`);
    records.push(...body.data);
    cursor = body.meta.lastChange;
    next = body.meta.nextCursor === null ? null : Number(body.meta.nextCursor);
  }
  return { records, cursor };
}

async function rewriteDescription(id: string, text: string): Promise<void> {
  const current = (await (await fetch(`${server.baseUrl}/api/v1/services/${id}`)).json()).data;
  const { id: _i, organizationName: _n, updatedAt: _u, provenance: _p, mergedIds: _m, ...input } = current;
  const res = await fetch(`${server.baseUrl}/api/v1/services/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: text } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("GET /api/v1/services?changed_after=", () => {
  it("sends everything from 0, then only the one record changed since, never a cached copy", async () => {
    const first = await syncFrom(0);
    // Every live service and the tombstone of each merged-away duplicate, all from one seed time.
    expect(first.records).toHaveLength(171 + 25);
    expect(new Set(first.records.map((r) => r.updatedAt)).size).toBe(1);
    expect((await syncFrom(first.cursor)).records).toEqual([]);

    await rewriteDescription("crisis-988", "Changed once.");
    const next = await syncFrom(first.cursor);
    expect(next.records.map((r) => r.id)).toEqual(["crisis-988"]);
    expect(next.cursor).toBe(first.cursor + 1);

    const { res } = await page(`changed_after=${next.cursor}`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
  });

  it("sends a retired service as its tombstone", async () => {
    const { cursor } = await syncFrom(0);
    const res = await fetch(`${server.baseUrl}/api/v1/services/kfpl-central-branch`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "if-match": "1" },
    });
    expect(res.status).toBe(200);
    const next = await syncFrom(cursor);
    expect(next.records).toEqual([
      { id: "kfpl-central-branch", deleted: true, updatedAt: expect.any(String) },
    ]);
  });

  it("pages by change number: a record changed between two pages comes once, later, and none is skipped", async () => {
    const everything = (await syncFrom(0)).records.map((r) => r.id);
    const first = await page("changed_after=0&limit=50");
    const moved = first.body.data[0].id;
    await rewriteDescription(moved, "Changed while a device was paging.");
    const rest = await syncFrom(Number(first.body.meta.nextCursor), 50);
    const seen = [...first.body.data, ...rest.records].map((r) => r.id);
    expect(new Set(seen)).toEqual(new Set(everything));
    expect(seen.filter((id) => id === moved)).toHaveLength(2); // the old copy on page one, the new at the end
    expect(rest.records.at(-1)?.id).toBe(moved);
  });

  it("refuses a bad change number, or one mixed with offset paging, naming the parameter", async () => {
    for (const [query, named] of [
      ["changed_after=-1", "changed_after"],
      ["changed_after=abc", "changed_after"],
      ["changed_after=1.5", "changed_after"],
      ["changed_after=0&offset=10", "offset"],
      ["changed_after=0&updated_since=2020-01-01T00:00:00Z", "updated_since"],
    ]) {
      const { res, body } = await page(query);
      expect(res.status, query).toBe(400);
      expect(body, query).toMatchObject({ success: false, error: "ValidationError" });
      expect((body as unknown as { message: string }).message, query).toContain(named);
    }
  });
});
