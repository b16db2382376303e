import { describe, expect, it } from "vitest";
import { forwardedScheme } from "./public-origin.js";

describe("forwardedScheme", () => {
  it("reads the entry the outermost trusted proxy wrote", () => {
    expect(forwardedScheme("https", 1)).toBe("https");
    // Two proxies that each append: the outer one was asked over https, the inner over http.
    expect(forwardedScheme("https, http", 2)).toBe("https");
    // With one proxy trusted, what the client wrote before it proves nothing.
    expect(forwardedScheme("http, https", 1)).toBe("https");
    // A chain shorter than the proxies configured: the furthest entry.
    expect(forwardedScheme("HTTPS", 3)).toBe("https");
  });

  it("ignores an absent header or anything but http and https", () => {
    expect(forwardedScheme(undefined, 1)).toBeNull();
    expect(forwardedScheme("javascript", 1)).toBeNull();
    expect(forwardedScheme("", 1)).toBeNull();
  });
});
