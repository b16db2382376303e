import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { latestEvery } from "./kioskActivity";

describe("latestEvery (the kiosk's tabs telling each other of use)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first time at once, then at most once an interval, never losing the last", () => {
    const sent: number[] = [];
    const share = latestEvery((at) => sent.push(at), 1_000);
    share.tell(10_000);
    expect(sent).toEqual([10_000]);
    share.tell(10_200);
    share.tell(10_700);
    expect(sent).toEqual([10_000]); // within the interval: held
    vi.advanceTimersByTime(800);
    expect(sent).toEqual([10_000, 10_700]); // the latest of them, when the interval is up
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([10_000, 10_700]);
    share.tell(20_000);
    expect(sent).toEqual([10_000, 10_700, 20_000]);
  });

  it("sends nothing more once closed", () => {
    const sent: number[] = [];
    const share = latestEvery((at) => sent.push(at), 1_000);
    share.tell(1_000);
    share.tell(1_500);
    share.close();
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([1_000]);
  });
});
