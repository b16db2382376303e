import { describe, expect, it } from "vitest";
import { readFixture as fixture, objLine } from "../../../tests/helpers/waittimes/feed-fixtures.js";
import { parseAlbertaFeed } from "./alberta.js";
import { FeedFormatError } from "./types.js";

const NOW = Date.parse("2026-11-21T00:00:00Z");

describe("provincial feed parsers on recorded samples", () => {
  it("Alberta: emergency sites only, text durations, bad rows with their line", () => {
    const src = fixture("alberta-ahs.json");
    const r = parseAlbertaFeed(src, NOW);
    expect(r.observations.map((o) => [o.hospitalRefs[0], o.value, o.line])).toEqual([
      ["Foothills Medical Centre", 135, objLine(src, "Foothills")],
      ["Rockyview General Hospital", 45, objLine(src, "Rockyview")],
      ["South Health Campus", 65, objLine(src, "South Health")],
      ["Royal Alexandra Hospital", 220, objLine(src, "Royal Alexandra")],
      ["Hospital Nobody Has Heard Of", 20, objLine(src, "Nobody")],
    ]);
    expect(objLine(src, "Rockyview")).toBeGreaterThan(objLine(src, "Foothills"));
    // The site without its own timestamp takes the file's.
    expect(new Date(r.observations[2].observedAt).toISOString()).toBe("2026-11-20T16:00:00.000Z");
    expect(new Date(r.observations[0].observedAt).toISOString()).toBe("2026-11-20T15:58:00.000Z");
    expect(r.errors).toEqual([
      { line: objLine(src, "Peter Lougheed"), reason: 'WaitTime "soon" is not a number' },
    ]);
    expect(() => parseAlbertaFeed("[1,2", NOW)).toThrow(FeedFormatError);
  });

  it("refuses a reading stamped after it was received, and clamps a clock a few seconds ahead", () => {
    const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const src = JSON.stringify(
      {
        Calgary: {
          Emergency: [
            { Name: "Foothills Medical Centre", WaitTime: "45 min", TimeStamp: at(NOW + 8 * 60_000) },
            { Name: "Rockyview General Hospital", WaitTime: "50 min", TimeStamp: at(NOW + 30_000) },
          ],
        },
      },
      null,
      2,
    );
    const r = parseAlbertaFeed(src, NOW);
    expect(r.errors).toEqual([
      {
        line: objLine(src, "Foothills"),
        reason: `timestamp "${at(NOW + 8 * 60_000)}" is 8 minutes after it was received (in the future)`,
      },
    ]);
    expect(r.observations.map((o) => [o.hospitalRefs[0], o.observedAt])).toEqual([
      ["Rockyview General Hospital", NOW],
    ]);
  });
});
