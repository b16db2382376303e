// The quick exit's keyboard shortcut, as GOV.UK's "Exit this page" has it: Shift pressed three
// times within a few seconds, with no other key between (so typing capitals never triggers it).
// Pure, so it is tested in Node; QuickExit.tsx feeds it the page's key presses.

/** How long the three presses may take, in milliseconds (GOV.UK's five seconds). */
export const SHIFT_WINDOW_MS = 5000;

export interface KeyPress {
  key: string;
  /** A key held down repeats; only fresh presses count. */
  repeat: boolean;
  /** When it was pressed, in milliseconds. */
  at: number;
}

/** Returns a counter that answers true on the press that completes the shortcut. */
export function shiftThreeTimes(windowMs = SHIFT_WINDOW_MS): (press: KeyPress) => boolean {
  let presses: number[] = [];
  return ({ key, repeat, at }) => {
    if (key !== "Shift") {
      presses = [];
      return false;
    }
    if (repeat) return false;
    presses = [...presses.filter((earlier) => at - earlier < windowMs), at];
    if (presses.length < 3) return false;
    presses = [];
    return true;
  };
}
