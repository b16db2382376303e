import { describe, expect, it } from "vitest";
import { stepTimeFormat } from "./observability";

// Local times, as the page shows them: the test holds in any time zone.
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime();

describe("the operator charts' step times", () => {
  it("name the day when the steps cross midnight, and seconds when they span minutes", () => {
    expect(stepTimeFormat(at(29, 23, 45), at(30, 23, 30))).toEqual({
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(stepTimeFormat(at(30, 9, 0), at(30, 10, 0))).toEqual({ hour: "2-digit", minute: "2-digit" });
    expect(stepTimeFormat(at(30, 9, 0), at(30, 9, 5))).toEqual({
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    // The 5 min window across midnight keeps its seconds too: its steps are 10 s apart.
    expect(stepTimeFormat(at(29, 23, 57), at(30, 0, 2))).toEqual({
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    // The French 24 h table reads "dim. 23 h 45" then "lun. 00 h 00", not "23 h 45" then "00 h 00".
    const text = (ms: number) =>
      new Intl.DateTimeFormat("fr-CA", stepTimeFormat(at(29, 23, 45), at(30, 23, 30))).format(ms);
    expect(text(at(29, 23, 45))).not.toBe(text(at(30, 23, 45)));
  });
});
