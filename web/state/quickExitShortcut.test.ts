import { describe, expect, it } from "vitest";
import { SHIFT_WINDOW_MS, shiftThreeTimes } from "./quickExitShortcut";

const shift = (at: number, repeat = false) => ({ key: "Shift", repeat, at });

describe("shiftThreeTimes", () => {
  it("fires on the third Shift within the window, then starts counting again", () => {
    const pressed = shiftThreeTimes();
    expect([shift(0), shift(300), shift(600)].map(pressed)).toEqual([false, false, true]);
    expect([shift(700), shift(800)].map(pressed)).toEqual([false, false]);
    expect(pressed(shift(900))).toBe(true);
  });

  it("does not fire when another key comes between (typing capitals) or a held Shift repeats", () => {
    const pressed = shiftThreeTimes();
    expect(
      [
        shift(0),
        { key: "A", repeat: false, at: 10 },
        shift(20),
        { key: "B", repeat: false, at: 30 },
        shift(40),
      ].map(pressed),
    ).toEqual([false, false, false, false, false]);
    const held = shiftThreeTimes();
    expect([shift(0), shift(30, true), shift(60, true)].map(held)).toEqual([false, false, false]);
  });

  it("forgets presses older than the window", () => {
    const pressed = shiftThreeTimes();
    expect([shift(0), shift(1000), shift(SHIFT_WINDOW_MS + 1)].map(pressed)).toEqual([false, false, false]);
    expect(pressed(shift(SHIFT_WINDOW_MS + 2))).toBe(true);
  });
});
