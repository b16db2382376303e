/**
 * The catalogue's catch-up over a real sql.js store: a write it did not make itself (another
 * process on PostgreSQL, here a second repository over the same store) shows at the next
 * `ready()`, and while nothing changed a read asks the database nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTempStore, type TempStore } from "../../tests/helpers/temp-store.js";
import { Catalogue, type CatalogueSource } from "./catalogue.js";
import { directoryModule } from "./index.js";
import type { DirectoryRepository } from "./repository.js";
import { createSqljsDirectoryRepository } from "./repository-sqljs/index.js";
import { readSeedServices } from "./seed/seed-directory.js";

const SEED = readSeedServices();
const NOW = new Date("2026-11-20T15:00:00Z");

let temp: TempStore;
let writer: DirectoryRepository;
beforeEach(async () => {
  temp = await openTempStore(directoryModule);
  writer = createSqljsDirectoryRepository(temp.store);
  await writer.importServices([SEED[0]], NOW.toISOString(), () => false);
});
afterEach(async () => {
  await temp.close();
});

/** The real repository, counting how often the catalogue asks for the newest change number. */
function counted(repo: DirectoryRepository): { source: CatalogueSource; asked: () => number } {
  let asked = 0;
  const source: CatalogueSource = {
    loadServices: (onlyId) => repo.loadServices(onlyId),
    countLiveServices: () => repo.countLiveServices(),
    latestChange: () => {
      asked++;
      return repo.latestChange();
    },
    dataVersion: () => repo.dataVersion(),
  };
  return { source, asked: () => asked };
}

describe("catalogue catch-up", () => {
  it("shows a write made behind its back at the next ready(), with a new generation", async () => {
    const catalogue = new Catalogue(createSqljsDirectoryRepository(temp.store));
    await catalogue.ready();
    expect(catalogue.size()).toBe(1);
    const before = catalogue.generation;
    await writer.importServices([SEED[1]], new Date(NOW.getTime() + 60_000).toISOString(), () => false);
    await catalogue.ready();
    expect(catalogue.get(SEED[1].id)?.id).toBe(SEED[1].id);
    expect(catalogue.generation).toBeGreaterThan(before);
  });

  it("asks for the newest change only when the data version moved", async () => {
    const { source, asked } = counted(createSqljsDirectoryRepository(temp.store));
    const catalogue = new Catalogue(source);
    await catalogue.ready();
    const first = asked();
    for (let i = 0; i < 20; i++) await catalogue.ready();
    expect(asked()).toBe(first);
    await writer.importServices([SEED[1]], new Date(NOW.getTime() + 60_000).toISOString(), () => false);
    await catalogue.ready();
    expect(asked()).toBe(first + 1);
    expect(catalogue.size()).toBe(2);
  });
});
