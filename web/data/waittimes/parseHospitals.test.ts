import { describe, expect, it } from "vitest";
import { parseHospitalList } from "./parseHospitals";

const methodology = {
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "MEDIAN",
};
const hospital = (over: Record<string, unknown> = {}) => ({
  id: "ca-on-a",
  name: "A General",
  province: "ON",
  city: "Ottawa",
  methodology,
  cadence_seconds: 2592000,
  ...over,
});

describe("parseHospitalList", () => {
  it("returns the hospitals of a success envelope", () => {
    const list = parseHospitalList({ success: true, data: [hospital(), hospital({ id: "b" })] }, "ON");
    expect(list.map((h) => h.id)).toEqual(["ca-on-a", "b"]);
    expect(parseHospitalList({ success: true, data: [] }, "QC")).toEqual([]);
  });

  it("rejects error envelopes and malformed bodies", () => {
    expect(() => parseHospitalList({ success: false, error: "ValidationError" }, "ON")).toThrow(/success/);
    expect(() => parseHospitalList(null, "ON")).toThrow(/success/);
    expect(() => parseHospitalList({ success: true, data: {} }, "ON")).toThrow(/success/);
  });

  it("rejects records that are malformed or from another province", () => {
    expect(() => parseHospitalList({ success: true, data: [hospital({ name: 3 })] }, "ON")).toThrow(
      /record 0/,
    );
    expect(() =>
      parseHospitalList({ success: true, data: [hospital(), hospital({ province: "QC" })] }, "ON"),
    ).toThrow(/record 1 .* outside ON/);
    expect(() =>
      parseHospitalList({ success: true, data: [hospital({ methodology: null })] }, "ON"),
    ).toThrow();
  });

  it("takes every province when none is named, and checks the latest figure when there is one", () => {
    const latest = { value: 95, observed_at: "2026-11-01T00:00:00.000Z", unit: "minutes" };
    const list = parseHospitalList({
      success: true,
      data: [hospital({ latest }), hospital({ id: "q", province: "QC", latest: null })],
    });
    expect(list.map((h) => h.latest)).toEqual([latest, null]);
    expect(() => parseHospitalList({ success: true, data: [hospital({ latest: { value: "95" } })] })).toThrow(
      /record 0 .* outside the provinces/,
    );
  });
});
