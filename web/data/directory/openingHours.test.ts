import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import { clockTime, dayHours, type Translate } from "./openingHours";

const tEn: Translate = (key, params) => format(en[key], params);
const tFr: Translate = (key, params) => format(fr[key], params);

describe("opening hours in the page's language", () => {
  it("writes times of day the English way and the Canadian French way", () => {
    const times = ["00:00", "09:00", "11:30", "12:00", "12:15", "17:45", "24:00"];
    expect(times.map((x) => clockTime(x, "en"))).toEqual([
      "12 AM",
      "9 AM",
      "11:30 AM",
      "12 PM",
      "12:15 PM",
      "5:45 PM",
      "12 AM",
    ]);
    expect(times.map((x) => clockTime(x, "fr"))).toEqual([
      "0 h",
      "9 h",
      "11 h 30",
      "12 h",
      "12 h 15",
      "17 h 45",
      "24 h",
    ]);
  });

  it("writes a day's ranges as one line, and a day open around the clock in words", () => {
    const split = [
      { opens: "09:00", closes: "12:00" },
      { opens: "13:00", closes: "17:30" },
    ];
    expect(dayHours(split, "en", tEn)).toBe("9 AM–12 PM, 1 PM–5:30 PM");
    expect(dayHours(split, "fr", tFr)).toBe("9 h à 12 h, 13 h à 17 h 30");
    expect(dayHours([{ opens: "00:00", closes: "23:59" }], "en", tEn)).toBe("Open 24 hours");
    expect(dayHours([{ opens: "00:00", closes: "24:00" }], "fr", tFr)).toBe("Ouvert 24 h sur 24");
    expect(dayHours([], "en", tEn)).toBe("");
  });
});
