import { describe, expect, it } from "vitest";
import { timeTickLabels } from "./chartAxis";

// Local times: the axis is read in the reader's time zone, as uPlot places its ticks.
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute).getTime() / 1000;

describe("time axis tick labels", () => {
  it("writes hours as 24-hour '14 h' in French and '2 p.m.' in English, with the date at midnight", () => {
    const ticks = [at(11, 20, 18), at(11, 21, 0), at(11, 21, 6), at(11, 21, 14)];
    expect(timeTickLabels(ticks, 6 * 3600, "fr-CA")).toEqual(["18 h", "21 nov.", "6 h", "14 h"]);
    expect(timeTickLabels(ticks, 6 * 3600, "en-CA")).toEqual(["6 p.m.", "Nov 21", "6 a.m.", "2 p.m."]);
  });

  it("writes minutes when ticks are closer than an hour", () => {
    expect(timeTickLabels([at(11, 21, 14, 15)], 900, "fr-CA")).toEqual(["14 h 15"]);
  });

  it("writes days as '21 nov.' and months as 'nov. 2026', never numeric US dates", () => {
    expect(timeTickLabels([at(11, 21, 0)], 86400, "fr-CA")).toEqual(["21 nov."]);
    expect(timeTickLabels([at(11, 1, 0)], 30 * 86400, "fr-CA")).toEqual(["nov. 2026"]);
    expect(timeTickLabels([at(11, 21, 0)], 7 * 86400, "en-CA")).toEqual(["Nov 21"]);
    const all = timeTickLabels([at(11, 21, 12), at(11, 21, 0)], 3600, "fr-CA").join(" ");
    expect(all).not.toMatch(/pm|am|\d+\/\d+/i);
  });
});
