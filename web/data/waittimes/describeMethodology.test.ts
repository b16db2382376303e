import { describe, expect, it } from "vitest";
import { en, type MessageKey } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import { describeCadence, describeMethodology } from "./describeMethodology";

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
