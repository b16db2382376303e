/**
 * Weekly hours carry the UTC offset in force on the day of the response, so a daylight-saving
 * change changes what is published: the service's last_modified moves to the change, and
 * modified_after selects it, so a mirror syncing incrementally learns the new offset. The clock is
 * moved by the `now` the HSDS module takes, over the real catalogue of a sql.js store.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { openTempStore, type TempStore } from "../../../tests/helpers/temp-store.js";
import { Catalogue } from "../catalogue.js";
import { directoryModule } from "../index.js";
import { createSqljsDirectoryRepository } from "../repository-sqljs/index.js";
import { readSeedServices } from "../seed/seed-directory.js";
import { fullService, minimalService, serviceSummary } from "./map-service.js";
import { lastOffsetChange } from "./schedules.js";
import { selectServices } from "./select.js";
import { HsdsView } from "./view.js";

const SEED = readSeedServices();
const EDITED = "2026-10-01T00:00:00.000Z";
/** Toronto leaves daylight time at 06:00 UTC on 1 November 2026 and enters it at 07:00 UTC on 14 March 2027. */
const FALL_BACK = "2026-11-01T06:00:00.000Z";
const SPRING_FORWARD = "2027-03-14T07:00:00.000Z";

const base = SEED.find((s) => s.schedule && s.schedule.weekly.length > 0) as DirectoryService;
const weekly = (id: string, timezone: string): DirectoryService => ({
  ...base,
  id,
  schedule: {
    timezone,
    weekly: [{ day: "mo", opens: "08:00", closes: "16:00" }],
    exceptions: [],
    notes: null,
  },
});
const services = [
  weekly("hours-toronto", "America/Toronto"),
  weekly("hours-regina", "America/Regina"),
  { ...base, id: "no-hours", schedule: null },
];

let temp: TempStore;
let view: HsdsView;
beforeEach(async () => {
  temp = await openTempStore(directoryModule);
  const repo = createSqljsDirectoryRepository(temp.store);
  await repo.importServices(services, EDITED, () => false);
  const catalogue = new Catalogue(repo);
  await catalogue.ready();
  view = new HsdsView(catalogue);
});
afterEach(async () => {
  await temp.close();
});

const service = (id: string) => view.catalogue.resolve(id) as DirectoryService;
const ids = (modifiedAfter: string, now: Date) =>
  selectServices(view, { modified_after: Date.parse(modifiedAfter) }, now).map((s) => s.id);

describe("a daylight-saving change reaches a mirror syncing by modified_after", () => {
  it("finds a zone's last offset change before now, none for a zone without one", () => {
    expect(lastOffsetChange("America/Toronto", new Date("2026-12-01T12:00:00Z"))).toBe(Date.parse(FALL_BACK));
    expect(lastOffsetChange("America/Toronto", new Date("2027-04-15T12:00:00Z"))).toBe(
      Date.parse(SPRING_FORWARD),
    );
    expect(lastOffsetChange("America/Toronto", new Date(FALL_BACK))).toBe(Date.parse(FALL_BACK));
    expect(lastOffsetChange("America/Regina", new Date("2026-12-01T12:00:00Z"))).toBeNull();
  });

  it("publishes the change as last_modified and lists the service to a mirror that synced before it", () => {
    // The mirror synced on 15 October: Monday's row then said 08:00-04:00.
    const october = new Date("2026-10-15T12:00:00Z");
    const mondayOf = (now: Date) => fullService(service("hours-toronto"), { lang: "en", now }).schedules[0];
    expect(mondayOf(october)).toMatchObject({ opens_at: "08:00-04:00", timezone: -4 });
    expect(serviceSummary(service("hours-toronto"), "en", october).last_modified).toBe(EDITED);
    expect(ids("2026-10-15T12:00:00Z", october)).toEqual([]);

    // On 1 December the same row says 08:00-05:00: the mirror's next sync must list it.
    const december = new Date("2026-12-01T12:00:00Z");
    expect(mondayOf(december)).toMatchObject({ opens_at: "08:00-05:00", timezone: -5 });
    expect(ids("2026-10-15T12:00:00Z", december)).toEqual(["hours-toronto"]);
    expect(serviceSummary(service("hours-toronto"), "en", december).last_modified).toBe(FALL_BACK);
    expect(minimalService(service("hours-toronto"), "en", december).last_modified).toBe(FALL_BACK);
    expect(fullService(service("hours-toronto"), { lang: "en", now: december }).last_modified).toBe(
      FALL_BACK,
    );
    // A zone whose offset did not change, and a service without weekly hours, keep their own time.
    expect(serviceSummary(service("hours-regina"), "en", december).last_modified).toBe(EDITED);
    expect(serviceSummary(service("no-hours"), "en", december).last_modified).toBe(EDITED);

    // Synced on 1 December, asked again in April: spring forward lists it once more, and only then.
    expect(ids("2026-12-01T12:00:00Z", new Date("2027-03-01T12:00:00Z"))).toEqual([]);
    const april = new Date("2027-04-15T12:00:00Z");
    expect(ids("2026-12-01T12:00:00Z", april)).toEqual(["hours-toronto"]);
    expect(mondayOf(april)).toMatchObject({ opens_at: "08:00-04:00", timezone: -4 });
    expect(serviceSummary(service("hours-toronto"), "en", april).last_modified).toBe(SPRING_FORWARD);
  });
});
