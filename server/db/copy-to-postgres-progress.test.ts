import { describe, expect, it } from "vitest";
import { duration, printedProgress } from "./copy-to-postgres-progress.js";

/** A progress printer on a clock the test moves, collecting what it writes. */
function printer(tty = false) {
  let t = 0;
  const out: string[] = [];
  const progress = printedProgress({ write: (text) => out.push(text), tty, now: () => t });
  return { progress, out, at: (ms: number) => (t = ms) };
}

describe("copy-to-postgres progress", () => {
  it("says how far, how fast and how long is left, at most one line every 2 s", () => {
    const { progress, out, at } = printer();
    progress.start("archive: search entries", 10_000, "pages");
    for (let ms = 100; ms <= 4000; ms += 100) {
      at(ms);
      progress.advance(50); // 500 pages a second
    }
    // 40 batches in 4 s: a line at 2 s and one at 4 s, not one per batch.
    expect(out).toEqual([
      "archive: search entries: 1,000 of 10,000 pages (10%), 500 pages/s, about 18 s left\n",
      "archive: search entries: 2,000 of 10,000 pages (20%), 500 pages/s, about 16 s left\n",
    ]);
    at(20_000);
    progress.advance(8000);
    progress.finish();
    expect(out.at(-1)).toBe("archive: search entries: 10,000 pages in 20 s, 500 pages/s\n");
  });

  it("ends a stretch when the next begins, and says a step at once", () => {
    const { progress, out, at } = printer();
    progress.start("directory: tables", 3000, "rows");
    at(1500);
    progress.advance(3000);
    progress.start("archive: tables", 0, "rows");
    progress.say("archive: vacuuming and analyzing its tables, so reads are fast from the start");
    expect(out).toEqual([
      "directory: tables: 3,000 rows in 2 s, 2,000 rows/s\n",
      "archive: vacuuming and analyzing its tables, so reads are fast from the start\n",
    ]);
  });

  it("rewrites one line in place on a terminal, and ends it with the stretch", () => {
    const { progress, out, at } = printer(true);
    progress.start("waittimes: tables", 1_000_000, "rows");
    for (const ms of [2000, 4000]) {
      at(ms);
      progress.advance(100_000);
    }
    progress.finish();
    expect(out).toEqual([
      "\r\x1b[Kwaittimes: tables: 100,000 of 1,000,000 rows (10%), 50,000 rows/s, about 18 s left",
      "\r\x1b[Kwaittimes: tables: 200,000 of 1,000,000 rows (20%), 50,000 rows/s, about 16 s left",
      "\r\x1b[Kwaittimes: tables: 200,000 rows in 4 s, 50,000 rows/s\n",
    ]);
  });

  it("writes durations as an operator reads them", () => {
    expect([duration(0.4), duration(59.6), duration(200), duration(3600 * 2 + 65)]).toEqual([
      "0 s",
      "1 min 00 s",
      "3 min 20 s",
      "2 h 01 min",
    ]);
  });
});
