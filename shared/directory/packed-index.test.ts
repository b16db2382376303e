/**
 * The index the offline app keeps: built from records, stored (V8's structured serialisation, as
 * IndexedDB stores it), loaded, and then ranked alone; every query must give what ranking the
 * records themselves gives. Also after a sync's changes are applied to the loaded index, and
 * without any trace of what was searched.
 */
import { deserialize, serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { readSeedServices } from "../../server/directory/seed/seed-directory.js";
import { QUALITY_CASES } from "../../tests/directory/search-quality.cases.js";
import { buildSearchIndex, SearchIndexBuilder } from "./index-builder.js";
import { type PackedSearchIndex, packSearchIndex, unpackSearchIndex } from "./packed-index.js";
import { rankIndex, rankServices } from "./rank.js";
import type { SearchIndex } from "./search-index.js";
import type { DirectoryService, RankOptions } from "./types.js";

const now = new Date("2026-05-04T15:00:00Z"); // a Monday, 11:00 in Kingston
const KINGSTON = { lat: 44.2312, lng: -76.486 };
const QUERIES = [
  ...new Set([
    ...QUALITY_CASES.map((c) => c.query),
    "suicide",
    "crisis",
    "zzzz qqqq",
    "shleter",
    "free meals Kingston",
  ]),
];
const OPTIONS: RankOptions[] = [
  { now },
  { now, limit: 20, category: "food" },
  { now, openNow: true },
  { now, location: KINGSTON, radiusKm: 25, limit: 20 },
];

const stored = (index: SearchIndex) => serialize(packSearchIndex(index));
const load = (bytes: Buffer) => unpackSearchIndex(deserialize(bytes) as PackedSearchIndex);

/** Every query and option set ranked both ways, as comparable rows (ids, never positions). */
function expectSameRanking(index: SearchIndex, services: DirectoryService[]) {
  for (const q of QUERIES) {
    for (const options of OPTIONS) {
      const fromIndex = rankIndex(index, q, options);
      const fromRecords = rankServices(services, q, options);
      const rows = {
        mode: fromIndex.mode,
        total: fromIndex.total,
        categories: fromIndex.categories,
        results: fromIndex.results.map(({ position, ...r }) => ({ id: index.ids[position], ...r })),
      };
      expect(rows, `${q} ${JSON.stringify(options)}`).toEqual({
        ...fromRecords,
        results: fromRecords.results.map(({ service, ...r }) => ({ id: service.id, ...r })),
      });
    }
  }
}

describe("the offline app's saved index", () => {
  const seed = readSeedServices();

  it("ranks after a round trip through storage exactly as the records do", () => {
    const loaded = load(stored(buildSearchIndex(seed)));
    expect(loaded).not.toBeNull();
    expectSameRanking(loaded as SearchIndex, seed);
  });

  it("takes a sync's changes and deletions and then ranks as the changed records do", () => {
    const [changed, deleted, ...others] = seed;
    const before = load(stored(buildSearchIndex([changed, deleted, ...others]))) as SearchIndex;
    const edited: DirectoryService = {
      ...changed,
      name: { en: "Quarry Road Zebra Pantry", fr: "Garde-manger Zèbre" },
      category: "food",
    };
    const added: DirectoryService = {
      ...others[0],
      id: "brand-new-service",
      name: { en: "Okapi Meals", fr: "Repas Okapi" },
    };
    const after = SearchIndexBuilder.from(before).remove([deleted.id]).add([edited, added]).build();
    const records = [...others, edited, added];
    expect([...after.ids].sort()).toEqual(records.map((s) => s.id).sort());
    expectSameRanking(load(stored(after)) as SearchIndex, records);
    expect(rankIndex(after, "zebra", { now }).results.map((r) => after.ids[r.position])).toContain(
      changed.id,
    );
  });

  it("keeps nothing of what was searched, and is set aside when another version packed it", () => {
    const index = buildSearchIndex(seed);
    rankIndex(index, "xylophonist quixotically", { now });
    const bytes = stored(index);
    expect(bytes.includes("xylophon")).toBe(false);
    expect(bytes.includes("quixot")).toBe(false);
    const packed = deserialize(bytes) as PackedSearchIndex;
    expect(unpackSearchIndex({ ...packed, format: "0:older" })).toBeNull();
    expect(unpackSearchIndex(undefined)).toBeNull();
  });
});
