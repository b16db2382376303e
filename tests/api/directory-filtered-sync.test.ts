/**
 * A copy of one category of the directory, kept by a sync filtered by that category
 * (`changed_after` or `updated_since` with `category`), learns of a record that left the category:
 * the record comes back as a tombstone marked `filteredOut`, on both backends alike. Every answer is
 * also checked against the served document (tests/helpers/openapi-fetch-check.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryService, Tombstone } from "../../shared/directory/types.js";
import { signedIn, startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { BACKENDS, pgBackend } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";

type SyncRecord = DirectoryService | (Tombstone & { filteredOut?: true });
interface SyncPage {
  data: SyncRecord[];
  meta: { total: number; nextCursor: string | null; lastChange: number; serverTime: string };
}

const MOVED = "st-vincent-de-paul-kingston";
const backends = pgBackend();
afterAll(() => backends.close());

describe.each(BACKENDS)("on %s", (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startDemoDirectory(await backends.databaseUrl(backend));
    [token] = await signedIn(server, "admin");
  });
  afterAll(() => server.close());

  const list = async (query: string): Promise<SyncPage> => {
    const res = await fetch(`${server.baseUrl}/api/v1/services?${query}`);
    expect(res.status, query).toBe(200);
    return res.json();
  };

  /** A copy of one category as a mirror keeps it: full records in, tombstones out. */
  const mirror = (copy: Map<string, DirectoryService>, page: SyncPage) => {
    for (const r of page.data) {
      if ("deleted" in r) copy.delete(r.id);
      else copy.set(r.id, r);
    }
  };

  const moveTo = async (id: string, category: DirectoryService["category"]) => {
    const res = await fetch(`${server.baseUrl}/api/v1/services/${id}`);
    const {
      organizationName: _n,
      updatedAt: _u,
      provenance: _p,
      mergedIds: _m,
      ...input
    } = ((await res.json()) as { data: DirectoryService }).data;
    const put = await fetch(`${server.baseUrl}/api/v1/services/${id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...input, category }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
  };

  it("drops a record that left the category from a copy synced by change number or by time", async () => {
    const byNumber = new Map<string, DirectoryService>();
    const byTime = new Map<string, DirectoryService>();
    const first = await list("changed_after=0&category=food&limit=500");
    expect(first.meta.nextCursor).toBeNull();
    mirror(byNumber, first);
    mirror(byTime, await list(`updated_since=2000-01-01T00:00:00Z&category=food&limit=500`));
    expect(byNumber.has(MOVED)).toBe(true);
    expect([...byTime.keys()].sort()).toEqual([...byNumber.keys()].sort());
    const kept = byNumber.size;

    await moveTo(MOVED, "housing");

    const byNumberNext = await list(`changed_after=${first.meta.lastChange}&category=food`);
    expect(byNumberNext.data).toEqual([
      { id: MOVED, deleted: true, updatedAt: expect.any(String), filteredOut: true },
    ]);
    mirror(byNumber, byNumberNext);
    mirror(
      byTime,
      await list(`updated_since=${encodeURIComponent(first.meta.serverTime)}&category=food&limit=500`),
    );
    expect(byNumber.has(MOVED), "changed_after sync still holds the moved record").toBe(false);
    expect(byTime.has(MOVED), "updated_since sync still holds the moved record").toBe(false);
    expect(byNumber.size).toBe(kept - 1);
    expect([...byTime.keys()].sort()).toEqual([...byNumber.keys()].sort());

    // The record still exists, in full, for a copy of the category it joined.
    const housing = await list(`changed_after=${first.meta.lastChange}&category=housing`);
    expect(housing.data).toEqual([expect.objectContaining({ id: MOVED, category: "housing" })]);
    expect((await fetch(`${server.baseUrl}/api/v1/services/${MOVED}`)).status).toBe(200);

    // Moving it back brings it back in full to the copy of its old category.
    await moveTo(MOVED, "food");
    mirror(byNumber, await list(`changed_after=${byNumberNext.meta.lastChange}&category=food`));
    expect(byNumber.get(MOVED)?.category).toBe("food");
    expect(byNumber.size).toBe(kept);
  });
});
