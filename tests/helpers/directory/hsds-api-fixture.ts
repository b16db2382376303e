/**
 * A directory data folder for the HSDS API tests, written before the server opens it: the seed,
 * one service given every shape the seed lacks (languages, dated exceptions in winter and summer,
 * schedule notes, a later change time), a provincial service with a site, twelve extra services
 * of one organization (an organization with several services), twenty more of another (so lists
 * pass the per_page cap now that the seed's duplicates are merged), and one deleted service.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../../../server/db/store.js";
import { directoryModule } from "../../../server/directory/index.js";
import { directoryRepository } from "../../../server/directory/repository-of.js";
import { markServiceDeleted, writeService } from "../../../server/directory/repository-sqljs/service-rows.js";
import { seedDirectory } from "../../../server/directory/seed/seed-directory.js";
import type { DirectoryService } from "../../../shared/directory/index.js";

export const FOOD_BANK = "partners-in-mission-food-bank";
export const PROVINCIAL = "crisis-connex-ontario";
export const DELETED = "crisis-good2talk";
export const EXTRA_ORG = "org-hsds-test-collective";
export const EXTRA_COUNT = 12;
export const FILLER_ORG = "org-hsds-test-filler";
export const FILLER_COUNT = 20;
export const LATER = "2030-01-01T00:00:00.000Z";

export async function prepareHsdsData(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-hsds-api-"));
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await seedDirectory(directoryRepository({ store }));
  const seed = new Map((await directoryRepository({ store }).loadServices()).services.map((s) => [s.id, s]));
  const food = seed.get(FOOD_BANK) as DirectoryService;
  const provincial = seed.get(PROVINCIAL) as DirectoryService;
  if (!food.schedule || provincial.scope !== "provincial")
    throw new Error("seed changed: fixture needs updating");
  await store.write((tx) => {
    writeService(
      tx,
      {
        ...food,
        languages: ["English", "français", "Ojibway", "Elvish", "English"],
        schedule: {
          ...food.schedule!,
          notes: { en: "Closed on statutory holidays", fr: "Fermé les jours fériés" },
          exceptions: [
            { date: "2026-12-25", closed: true, opens: null, closes: null, note: "Christmas" },
            { date: "2026-07-02", closed: false, opens: "10:00", closes: "14:00", note: null },
          ],
        },
        version: food.version + 1,
        updatedAt: LATER,
      },
      food.updatedAt,
    );
    writeService(
      tx,
      {
        ...provincial,
        locations: [
          {
            id: "loc-hsds-test-toronto",
            type: "physical",
            name: "Head office",
            address: "100 King St W",
            city: "Toronto",
            province: "ON",
            postalCode: "M5X 1A9",
            lat: 43.6489,
            lng: -79.3817,
          },
        ],
      },
      provincial.updatedAt,
    );
    for (let i = 1; i <= EXTRA_COUNT; i++) {
      const n = String(i).padStart(2, "0");
      writeService(
        tx,
        {
          ...food,
          id: `hsds-test-${n}`,
          organizationId: EXTRA_ORG,
          organizationName: "HSDS Test Collective",
          name: { en: `Quokka pantry ${n}`, fr: `Garde-manger quokka ${n}` },
          locations: food.locations.map((l) => ({ ...l, id: `loc-hsds-test-${n}` })),
        },
        food.updatedAt,
      );
    }
    for (let i = 1; i <= FILLER_COUNT; i++) {
      const n = String(i).padStart(2, "0");
      writeService(
        tx,
        {
          ...food,
          id: `hsds-filler-${n}`,
          organizationId: FILLER_ORG,
          organizationName: "HSDS Test Filler",
          name: { en: `Wombat cupboard ${n}`, fr: `Armoire wombat ${n}` },
          locations: food.locations.map((l) => ({ ...l, id: `loc-hsds-filler-${n}` })),
        },
        food.updatedAt,
      );
    }
    markServiceDeleted(tx, DELETED, new Date().toISOString());
  });
  await store.close();
  return dataDir;
}
