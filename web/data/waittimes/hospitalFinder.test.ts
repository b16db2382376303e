import { describe, expect, it } from "vitest";
import { haversineKm } from "../../../shared/geo";
import type { HospitalRecord } from "../device/db";
import { findHospitals, provincesNearby, queryWords, usualMethodology } from "./hospitalFinder";

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

  it("sorts nearest first across provincial borders, each distance in km, the province's hospitals without coordinates last", () => {
    const here = { lat: 45.4215, lng: -75.6972 }; // downtown Ottawa
    const listed = findHospitals(all, { ...opts, sort: "distance", position: here });
    // Gatineau, across the river in Quebec, is nearer than Kingston: a border does not hide it.
    expect(listed.map((l) => l.hospital.id)).toEqual([
      "civic",
      "montfort",
      "gatineau",
      "kingston",
      "nowhere",
    ]);
    expect(listed[1].distanceKm).toBeCloseTo(haversineKm(here, { lat: 45.446, lng: -75.639 }), 6);
    expect(listed[4].distanceKm).toBeNull();
    // By name, the province's list, distances kept.
    const byName = findHospitals(all, { ...opts, position: here });
    expect(byName.map((l) => l.hospital.id)).toEqual(["nowhere", "montfort", "kingston", "civic"]);
    expect(byName[2].distanceKm).toBeGreaterThan(140);
  });

  it("lists Hull and Gatineau before Queensway Carleton from the Ottawa riverside", () => {
    const near = [
      hospital("queensway", "Queensway Carleton Hospital", "Ottawa", [45.3496, -75.7985]),
      hospital("hull", "Hôpital de Hull", "Gatineau", [45.4434, -75.7302], "QC"),
      ...all,
    ];
    const ids = findHospitals(near, {
      ...opts,
      province: "QC",
      sort: "distance",
      position: { lat: 45.43, lng: -75.69 },
    }).map((l) => l.hospital.id);
    expect(ids.indexOf("hull")).toBeLessThan(ids.indexOf("queensway"));
    expect(ids.indexOf("gatineau")).toBeLessThan(ids.indexOf("queensway"));
    expect(ids).toContain("civic");
  });

  it("names the provinces among the nearest, only when there is more than one", () => {
    const listed = findHospitals(all, {
      ...opts,
      sort: "distance",
      position: { lat: 45.4215, lng: -75.6972 },
    });
    expect(provincesNearby(listed)).toEqual(["ON", "QC"]);
    expect(provincesNearby(listed, 2)).toEqual([]);
    expect(provincesNearby(findHospitals(all, opts))).toEqual([]);
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
