import { describe, expect, it } from "vitest";
import { haversineKm } from "../../../shared/geo";
import type { HospitalRecord } from "../device/db";
import { findHospitals, nearestProvince, queryWords, usualMethodology } from "./hospitalFinder";

const hospital = (id: string, name: string, city: string, at: [number, number] | null, province = "ON") =>
  ({
    id,
    name,
    city,
    province,
    latitude: at?.[0] ?? null,
    longitude: at?.[1] ?? null,
  }) as HospitalRecord;

const all = [
  hospital("civic", "The Ottawa Hospital - Civic", "Ottawa", [45.392, -75.721]),
  hospital("kingston", "Kingston Health Sciences Centre", "Kingston", [44.224, -76.494]),
  hospital("montfort", "Hôpital Montfort", "Ottawa", [45.446, -75.639]),
  hospital("nowhere", "Anson General Hospital", "Iroquois Falls", null),
  hospital("gatineau", "Hôpital de Gatineau", "Gatineau", [45.484, -75.656], "QC"),
];
const opts = { province: "ON" as const, query: "", sort: "name" as const, locale: "en" };

describe("findHospitals", () => {
  it("keeps the province's hospitals whose name or city holds every word, accents and case ignored", () => {
    const ids = (query: string) => findHospitals(all, { ...opts, query }).map((l) => l.hospital.id);
    expect(ids("ottawa")).toEqual(["montfort", "civic"]);
    expect(ids("hopital")).toEqual(["montfort"]);
    expect(ids("  KINGSTON  centre ")).toEqual(["kingston"]);
    expect(ids("iroquois falls")).toEqual(["nowhere"]);
    expect(ids("gatineau")).toEqual([]); // another province
    expect(ids("ottawa kingston")).toEqual([]);
    expect(ids("")).toHaveLength(4);
  });

  it("sorts nearest first with each distance in km, hospitals without coordinates last", () => {
    const here = { lat: 45.4215, lng: -75.6972 }; // downtown Ottawa
    const listed = findHospitals(all, { ...opts, sort: "distance", position: here });
    expect(listed.map((l) => l.hospital.id)).toEqual(["civic", "montfort", "kingston", "nowhere"]);
    expect(listed[1].distanceKm).toBeCloseTo(haversineKm(here, { lat: 45.446, lng: -75.639 }), 6);
    expect(listed[3].distanceKm).toBeNull();
    // By name, the distances stay.
    const byName = findHospitals(all, { ...opts, position: here });
    expect(byName.map((l) => l.hospital.id)).toEqual(["nowhere", "montfort", "kingston", "civic"]);
    expect(byName[2].distanceKm).toBeGreaterThan(140);
  });

  it("names the province of the nearest hospital", () => {
    expect(nearestProvince(all, { lat: 45.49, lng: -75.66 })).toBe("QC");
    expect(nearestProvince(all, { lat: 44.2, lng: -76.5 })).toBe("ON");
    expect(nearestProvince([], { lat: 0, lng: 0 })).toBeUndefined();
  });

  it("splits a query into folded words", () => {
    expect(queryWords("St. Michael's  Hôpital")).toEqual(["st", "michael", "s", "hopital"]);
  });
});

describe("usualMethodology", () => {
  it("is the methodology most of the province's hospitals report", () => {
    const m = (statistic_type: string) => ({
      metric_family: "TIME_TO_PROVIDER",
      start_event: "TRIAGE",
      end_event: "PHYSICIAN",
      statistic_type,
    });
    const list = [
      { ...hospital("a", "A", "X", null), methodology: m("MEAN") },
      { ...hospital("b", "B", "X", null), methodology: m("MEDIAN") },
      { ...hospital("c", "C", "X", null), methodology: m("MEAN") },
      { ...hospital("d", "D", "X", null, "QC"), methodology: m("MEDIAN") },
    ] as HospitalRecord[];
    expect(usualMethodology(list, "ON")?.methodology.statistic_type).toBe("MEAN");
    expect(usualMethodology(list, "QC")?.methodology.statistic_type).toBe("MEDIAN");
    expect(usualMethodology(list, "AB")).toBeUndefined();
  });
});
