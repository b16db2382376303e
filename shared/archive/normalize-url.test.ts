import { describe, expect, it } from "vitest";
import { normalizeUrlGroup } from "./normalize-url.js";

describe("normalizeUrlGroup", () => {
  it("lower-cases the host, drops default port, fragment and tracking parameters, sorts the query", () => {
    expect(normalizeUrlGroup("HTTPS://WWW.Canada.CA:443/en/Health.html?utm_source=x&b=2&a=1#top")).toBe(
      "https://www.canada.ca/en/Health.html?a=1&b=2",
    );
    expect(normalizeUrlGroup("http://example.org:80/a/b/?gclid=1")).toBe("http://example.org/a/b");
    expect(normalizeUrlGroup("http://example.org:8080/")).toBe("http://example.org:8080/");
  });
  it("applies one trailing-slash rule and rejects non-http URLs", () => {
    expect(normalizeUrlGroup("http://e.org/a/b/")).toBe(normalizeUrlGroup("http://e.org/a/b"));
    expect(normalizeUrlGroup("http://e.org")).toBe("http://e.org/");
    expect(normalizeUrlGroup("mailto:x@y.z")).toBeNull();
    expect(normalizeUrlGroup("not a url")).toBeNull();
  });
});
