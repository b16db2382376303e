import { describe, expect, it } from "vitest";
import { sameCapturedPage } from "./snapshot";

describe("sameCapturedPage", () => {
  const snap = { url: "https://example.test/en/flu/", normalizedUrlGroup: "https://example.test/en/flu" };
  it("accepts the same page under the server's grouping rule", () => {
    expect(sameCapturedPage("https://example.test/en/flu/", snap)).toBe(true);
    expect(sameCapturedPage("http://EXAMPLE.test/en/flu?utm_source=x#top", snap)).toBe(true);
  });
  it("refuses another page that only shares a prefix", () => {
    expect(sameCapturedPage("https://example.test/en/flu/clinics", snap)).toBe(false);
  });
});
