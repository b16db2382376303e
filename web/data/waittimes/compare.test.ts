// The brief worked out on the device (offline) must be the server's, word for word: both run
// shared/waittimes/compare.ts, the device over the registry it saved from GET /api/hospitals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waittimesModule } from "../../../server/waittimes/index";
import type { Comparison, Hospital } from "../../../shared/waittimes/schemas";
import { startTestServer, type TestServer } from "../../../tests/helpers/server";
import { compareOnDevice } from "./compare";
import type { SavedRegistry } from "./hospitals";
import { parseHospitalList } from "./parseHospitals";

let server: TestServer;
let registry: SavedRegistry;

beforeAll(async () => {
  server = await startTestServer({ demo: true, modules: [waittimesModule] });
  const body = await (await fetch(`${server.baseUrl}/api/hospitals?include=latest`)).json();
  const hospitals = parseHospitalList(body);
  const savedAt = new Date().toISOString();
  registry = {
    hospitals: hospitals.map(({ latest: _l, ...h }: Hospital) => ({ ...h, fetchedAt: savedAt })),
    latest: new Map(
      hospitals.map((h) => [
        h.id,
        {
          hospitalId: h.id,
          value: h.latest?.value ?? null,
          unit: h.latest?.unit ?? "minutes",
          observedAt: h.latest?.observed_at ?? null,
          fetchedAt: savedAt,
        },
      ]),
    ),
    savedAt,
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("compare on the device", () => {
  it("gives the server's answer for pairs across every province and methodology, in both languages", async () => {
    // One hospital per source and override, so every kind of difference is met.
    const byMethod = new Map<string, Hospital>();
    for (const h of registry.hospitals) byMethod.set(`${h.source_id}|${JSON.stringify(h.methodology)}`, h);
    const picks = [...byMethod.values()];
    expect(picks.length).toBeGreaterThanOrEqual(4);
    // Two hospitals of one source too: the comparable case.
    const [ab1, ab2] = registry.hospitals.filter((h) => h.province === "AB");
    const pairs: Array<[string, string]> = [[ab1.id, ab2.id]];
    for (const a of picks) for (const b of picks) if (a !== b) pairs.push([a.id, b.id]);
    let briefs = 0;
    for (const [a, b] of pairs) {
      for (const lang of ["en", "fr"] as const) {
        const { methodology_changes: changes, ...online } = (await (
          await fetch(`${server.baseUrl}/api/compare?${new URLSearchParams({ a, b, lang })}`)
        ).json()) as Comparison;
        // The device's copy holds no methodology history: the demo data has no change to miss.
        expect(changes).toEqual([]);
        expect(compareOnDevice(registry, a, b, lang), `${a} / ${b} (${lang})`).toEqual(online);
        if (online.divergence_brief) briefs++;
      }
    }
    expect(briefs).toBeGreaterThan(0);
  });

  it("refuses the same hospital twice and names an unknown one", () => {
    const [h] = registry.hospitals;
    expect(() => compareOnDevice(registry, h.id, h.id, "en")).toThrow("same-hospital");
    expect(() => compareOnDevice(registry, h.id, "ca-xx-nowhere", "en")).toThrow("unknown-hospital");
    expect(() => compareOnDevice({ ...registry, hospitals: [] }, h.id, "b", "en")).toThrow("no-copy");
  });
});
