import { describe, expect, it } from "vitest";
import { readSearchFilters, searchAddress, searchApiQuery, wantsSearch } from "./searchFilters";

describe("archive search filters", () => {
  it("reads every filter from the address", () => {
    expect(
      readSearchFilters({
        q: " measles ",
        source: "phac",
        from: "2024-01-01",
        to: "2024-12-31",
        language: "fr",
        view: "snapshots",
        page: "3",
      }),
    ).toEqual({
      q: "measles",
      source: "phac",
      from: "2024-01-01",
      to: "2024-12-31",
      language: "fr",
      view: "snapshots",
      page: 3,
    });
  });

  it("drops values the API would refuse instead of failing the page", () => {
    const f = readSearchFilters({
      source: "Bad Code!",
      from: "2024-13-45",
      to: "yesterday",
      language: "de",
      view: "x",
      page: "-2",
    });
    expect(f).toEqual({ q: "", source: "", from: "", to: "", language: "", view: "pages", page: 1 });
    expect(wantsSearch(f)).toBe(false);
  });

  it("keeps only the first of repeated parameters and caps the query length", () => {
    const f = readSearchFilters({ q: ["a".repeat(300), "b"], source: ["hc", "phac"] });
    expect(f.q).toHaveLength(256);
    expect(f.source).toBe("hc");
  });

  it("writes short addresses: defaults are left out", () => {
    const f = readSearchFilters({ q: "flu" });
    expect(searchAddress(f)).toBe("q=flu");
    expect(searchAddress({ ...f, view: "snapshots", page: 2, language: "en" })).toBe(
      "q=flu&language=en&view=snapshots&page=2",
    );
  });

  it("asks the API for the view, page and page size, with dates in order", () => {
    const f = readSearchFilters({ source: "demo", from: "2025-06-01", to: "2025-01-01" });
    expect(wantsSearch(f)).toBe(true);
    const q = new URLSearchParams(searchApiQuery(f, 10));
    expect(Object.fromEntries(q)).toEqual({
      source: "demo",
      from: "2025-01-01",
      to: "2025-06-01",
      view: "pages",
      page: "1",
      pageSize: "10",
      // The days are the reader's: their time zone goes with them.
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Without a day range, no time zone.
    expect(new URLSearchParams(searchApiQuery(readSearchFilters({ q: "flu" }), 10)).has("tz")).toBe(false);
  });
});
