import { describe, expect, it } from "vitest";
import { formatBytes } from "./storageFacts";

describe("storage sizes", () => {
  it("writes Mo and Go with a decimal comma in French, MB and GB in English", () => {
    expect(formatBytes(1.5 * 1024 ** 2, "fr")).toBe("1,5\u00a0Mo");
    expect(formatBytes(2.25 * 1024 ** 3, "fr-CA")).toBe("2,3\u00a0Go");
    expect(formatBytes(512, "fr")).toBe("512\u00a0o");
    expect(formatBytes(1.5 * 1024 ** 2, "en")).toBe("1.5\u00a0MB");
    expect(formatBytes(2.25 * 1024 ** 3, "en-CA")).toBe("2.3\u00a0GB");
  });
});
