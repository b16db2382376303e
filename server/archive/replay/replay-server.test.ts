import { describe, expect, it } from "vitest";
import { parseTs, pickCapture } from "./replay-server.js";

describe("replay helpers", () => {
  it("picks the latest capture, or the nearest to ts", () => {
    const e = (ts: string) => ({
      url: "u",
      ts,
      file: "f",
      offset: 0,
      length: 1,
      status: 200,
      mime: "text/html",
    });
    const list = [e("2025-01-01T00:00:00Z"), e("2026-01-01T00:00:00Z"), e("2025-06-01T00:00:00Z")];
    expect(pickCapture(list, null).ts).toBe("2026-01-01T00:00:00Z");
    expect(pickCapture(list, parseTs("20250501"))!.ts).toBe("2025-06-01T00:00:00Z");
    expect(pickCapture(list, parseTs("2024-01-01"))!.ts).toBe("2025-01-01T00:00:00Z");
    expect(parseTs("garbage")).toBeNull();
  });
});
