import { describe, expect, it } from "vitest";
import sources from "../../../server/waittimes/reference/sources.json";
import type { Methodology } from "../../../shared/waittimes/schemas";
import { en, type MessageKey } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import { describeCadence, describeMethodology, describeReporting } from "./describeMethodology";

const inEn = (k: MessageKey, p?: Record<string, string | number>) => format(en[k], p);
const inFr = (k: MessageKey, p?: Record<string, string | number>) => format(fr[k], p);
const bc = {
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "P90",
} as const;

describe("describeMethodology", () => {
  it("states span, statistic and cadence in English", () => {
    expect(describeMethodology(bc, 300, inEn)).toBe(
      "Time from triage to seeing a physician, 90th percentile, updated about every 5 minutes.",
    );
  });

  it("says the same in French", () => {
    expect(describeMethodology(bc, 300, inFr)).toBe(
      "Temps entre le triage et la rencontre avec un médecin, 90e centile, mis à jour environ toutes les 5 minutes.",
    );
  });

  it("describes a total stay and stretcher occupancy by their own words", () => {
    const los = {
      ...bc,
      metric_family: "TOTAL_LOS",
      start_event: "DOOR",
      end_event: "DISCHARGE",
      statistic_type: "MEDIAN",
    } as const;
    expect(describeMethodology(los, 3600, inEn)).toBe(
      "Total time in the emergency department, from arrival at the door to leaving the emergency department, median, updated about every hour.",
    );
    expect(describeMethodology({ ...bc, metric_family: "STRETCHER_OCCUPANCY" }, 3600, inEn)).toMatch(
      /^Share of emergency stretchers in use, 90th percentile/,
    );
  });
});

describe("describeCadence", () => {
  it("rounds to minutes, hours, days or a month", () => {
    expect(describeCadence(30, inEn)).toBe("updated about every minute");
    expect(describeCadence(900, inEn)).toBe("updated about every 15 minutes");
    expect(describeCadence(3600, inEn)).toBe("updated about every hour");
    expect(describeCadence(6 * 3600, inEn)).toBe("updated about every 6 hours");
    expect(describeCadence(86400, inEn)).toBe("updated about once a day");
    expect(describeCadence(7 * 86400, inEn)).toBe("updated about every 7 days");
    expect(describeCadence(2_592_000, inEn)).toBe("updated about once a month");
    expect(describeCadence(2_592_000, inFr)).toBe("mis à jour environ une fois par mois");
  });
});

describe("describeReporting (the list's introduction)", () => {
  // The methodologies the sources really publish, one per province; Ontario's average is the most used.
  const published = (sources as unknown as { sources: Array<{ province: string; methodology: Methodology }> })
    .sources;
  const byProvince = new Map(published.map((s) => [s.province, s.methodology]));
  const hospitals = [
    ...Array(154).fill(byProvince.get("ON")),
    ...Array(25).fill(byProvince.get("QC")),
    ...Array(20).fill(byProvince.get("BC")),
    ...Array(20).fill(byProvince.get("AB")),
  ] as Methodology[];

  it("says what the hospitals report, from their methodologies, the most used first", () => {
    expect(describeReporting(hospitals, inEn, "en")).toBe(
      "They count from triage or from registration, and report an average, a rolling average, a 90th percentile, or a current estimate.",
    );
    expect(describeReporting(hospitals, inFr, "fr-CA")).toBe(
      "Ils comptent à partir du triage ou de l’inscription, et publient une moyenne, une moyenne mobile, un 90e centile ou une estimation actuelle.",
    );
    expect(describeReporting([], inEn, "en")).toBeNull();
  });

  it("claims no statistic that no source publishes", () => {
    const none = published.every((s) => s.methodology.statistic_type !== "MEDIAN");
    expect(none).toBe(true);
    for (const intro of [en["waits.intro"], fr["waits.intro"]]) {
      expect(intro).not.toMatch(/median|médiane|percentile|centile|estimat/i);
    }
  });
});
