import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStore } from "../../db/store.js";
import type { Store } from "../../db/types.js";
import { directoryModule } from "../index.js";
import { directoryRepository } from "../repository-of.js";
import { seedDirectory } from "../seed/seed-directory.js";
import { exportServices, importServices, readHsds } from "./hsds-io.js";

const quiet = { info() {}, warn() {}, error() {} } as never;
let dir: string;
const open = (name: string) =>
  createStore({
    dataDir: path.join(dir, name),
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet,
  });
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-hsds-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function withExtras(store: Store) {
  // Give one record every optional shape the seed lacks: exceptions, a closed day, commas, quotes, line breaks.
  const s = (await directoryRepository({ store }).loadServices()).services.find(
    (x) => x.id === "partners-in-mission-food-bank",
  );
  const schedule = s?.schedule;
  if (!s || !schedule) throw new Error("fixture");
  const { writeService } = await import("../repository-sqljs/service-rows.js");
  await store.write((tx) =>
    writeService(
      tx,
      {
        ...s,
        description: { en: 'Groceries, "fresh"\nand dry goods', fr: "Épicerie, « fraîche »" },
        schedule: {
          ...schedule,
          exceptions: [
            { date: "2026-12-25", closed: true, opens: null, closes: null, note: "Christmas" },
            { date: "2026-12-24", closed: false, opens: "09:00", closes: "12:00", note: null },
          ],
        },
      },
      s.updatedAt,
    ),
  );
  // And one as the partner form leaves it when only the French of a field is filled in.
  const other = (await directoryRepository({ store }).loadServices("kingston-youth-shelter")).services[0];
  await store.write((tx) =>
    writeService(
      tx,
      {
        ...other,
        description: { ...other.description, fr: "" },
        applicationProcess: { en: "", fr: "Présentez-vous au comptoir." },
      },
      other.updatedAt,
    ),
  );
}

describe("HSDS export → import is lossless", () => {
  for (const format of ["csv", "json"] as const) {
    it(`in the ${format} form, for every field of the 171 default services`, async () => {
      const source = await open("a");
      await seedDirectory(directoryRepository({ store: source }));
      await withExtras(source);
      const before = (await directoryRepository({ store: source }).loadServices()).services.sort((x, y) =>
        x.id < y.id ? -1 : 1,
      );
      const target = path.join(dir, format === "csv" ? "export" : "export.json");
      exportServices(before, target, format);
      await source.close();
      if (format === "csv") {
        expect(readdirSync(target).sort()).toEqual([
          "addresses.csv",
          "datapackage.json",
          "locations.csv",
          "organizations.csv",
          "phones.csv",
          "schedules.csv",
          "service_at_location.csv",
          "services.csv",
        ]);
        const pkg = JSON.parse(readFileSync(path.join(target, "datapackage.json"), "utf8"));
        expect(pkg.resources.map((r: { path: string }) => r.path)).toContain("services.csv");
      }
      const parsed = readHsds(target);
      expect(parsed.errors).toEqual([]);
      const dest = await open("b");
      const importedAt = new Date("2026-11-30T15:00:00.000Z");
      expect(await importServices(directoryRepository({ store: dest }), parsed, { now: importedAt })).toEqual(
        {
          created: 171,
          updated: 0,
          unchanged: 0,
          duplicates: [],
        },
      );
      const after = (await directoryRepository({ store: dest }).loadServices()).services.sort((x, y) =>
        x.id < y.id ? -1 : 1,
      );
      // Every field as exported, and the time it changed here: at the import.
      expect(after).toEqual(before.map((s) => ({ ...s, updatedAt: importedAt.toISOString() })));
      // Importing the same export again changes nothing.
      expect(await importServices(directoryRepository({ store: dest }), readHsds(target))).toEqual({
        created: 0,
        updated: 0,
        unchanged: 171,
        duplicates: [],
      });
      // And a second export is byte-identical, but for the times of change.
      const again = path.join(dir, format === "csv" ? "export2" : "export2.json");
      exportServices(
        after.map((s, i) => ({ ...s, updatedAt: before[i].updatedAt })),
        again,
        format,
      );
      if (format === "json") expect(readFileSync(again, "utf8")).toBe(readFileSync(target, "utf8"));
      else
        for (const f of readdirSync(target))
          expect(readFileSync(path.join(again, f), "utf8")).toBe(readFileSync(path.join(target, f), "utf8"));
      await dest.close();
    }, 120_000); // seeds, exports, imports twice: slow on a busy machine
  }
});

describe("HSDS import reports bad rows", () => {
  it("names file, line and reason, and imports only the good service", async () => {
    const parsed = readHsds(path.resolve(import.meta.dirname, "../../../tests/directory/fixtures/hsds-bad"));
    const errs = parsed.errors.map((e) => `${e.file}:${e.line}: ${e.reason}`);
    expect(errs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^locations\.csv:3: latitude "100"/),
        expect.stringMatching(/^phones\.csv:3: number is empty/),
        expect.stringMatching(/^schedules\.csv:3: byday "XX"/),
        expect.stringMatching(/^service_at_location\.csv:3: location loc-bad was rejected/),
        expect.stringMatching(/^services\.csv:3: status/),
        expect.stringMatching(/^services\.csv:4: id is empty/),
        expect.stringMatching(/^services\.csv:5: skipped/),
      ]),
    );
    expect(parsed.services.map((s) => s.service.id)).toEqual(["svc-good"]);
    const good = parsed.services[0].service;
    expect(good).toMatchObject({
      category: "food",
      name: { en: "Good Pantry", fr: "Bon comptoir" },
      organizationName: "Test Community Org",
    });
    expect(good.locations[0]).toMatchObject({ lat: 44.2312, city: "Kingston" });
    expect(good.schedule?.weekly).toEqual([{ day: "mo", opens: "09:00", closes: "17:00" }]);
  });
  it("reads HSDS tables whose location has out-of-range coordinates, rejecting that location", () => {
    // Our own tables in HSDS 3.0's tabular layout, with a latitude of 100 (as Open Referral's own
    // example tables have); the repository carries what its tests read.
    const parsed = readHsds(
      fileURLToPath(new URL("../../../tests/directory/fixtures/hsds-out-of-range", import.meta.url)),
    );
    expect(parsed.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: "locations.csv",
          line: 2,
          reason: expect.stringContaining("latitude"),
        }),
      ]),
    );
    expect(parsed.services.map((s) => s.service.name.en)).toEqual([]);
  });
  it("reads another publisher's 00:00 to 00:00 as open the whole day, not as a bad row", async () => {
    const file = path.join(dir, "all-day.json");
    const { writeFileSync } = await import("node:fs");
    const row = (byday: string, opens_at: string, closes_at: string) => ({
      freq: "WEEKLY",
      byday,
      opens_at,
      closes_at,
    });
    writeFileSync(
      file,
      JSON.stringify([
        {
          id: "all-day-1",
          name: "Crisis drop-in",
          description: "d",
          status: "active",
          organization_id: "o",
          schedules: [row("MO", "00:00", "00:00"), row("TU", "09:00", "17:00")],
        },
        {
          id: "same-time-1",
          name: "Typo",
          description: "d",
          status: "active",
          organization_id: "o",
          schedules: [row("MO", "09:00", "09:00")],
        },
      ]),
    );
    const parsed = readHsds(file);
    expect(parsed.services.map((s) => s.service.schedule?.weekly)).toEqual([
      [
        { day: "mo", opens: "00:00", closes: "24:00" },
        { day: "tu", opens: "09:00", closes: "17:00" },
      ],
    ]);
    // Any other time that closes when it opens is still a bad row, named.
    expect(parsed.errors).toEqual([
      { file: "all-day.json", line: expect.any(Number), reason: expect.stringContaining("closes") },
    ]);
  });

  it("reports a bad JSON record with its line", async () => {
    const file = path.join(dir, "bad.json");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      file,
      JSON.stringify(
        [
          { id: "ok-1", name: "Fine", description: "d", status: "active", organization_id: "o" },
          { id: "bad-1", name: "Bad", status: "active", organization_id: "o", x_category: "pets" },
        ],
        null,
        2,
      ),
    );
    const parsed = readHsds(file);
    expect(parsed.services.map((s) => s.service.id)).toEqual(["ok-1"]);
    expect(parsed.errors).toEqual([
      { file: "bad.json", line: 10, reason: expect.stringContaining("category") },
    ]);
  });
});
