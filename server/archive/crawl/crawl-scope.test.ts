import { describe, expect, it } from "vitest";
import { buildScope, inScope } from "./crawl-scope.js";

describe("scope and robots", () => {
  const scope = buildScope(["http://127.0.0.1:9/site/"], [], ["\\.zip$"]);
  it("keeps the seed's origin and path prefix, http(s) only, minus excludes", () => {
    expect(inScope(scope, "/site/a.html#x", "http://127.0.0.1:9/site/")).toBe(
      "http://127.0.0.1:9/site/a.html",
    );
    expect(inScope(scope, "http://127.0.0.1:9/other/a.html")).toBeNull();
    expect(inScope(scope, "http://127.0.0.1:10/site/a.html")).toBeNull();
    expect(inScope(scope, "mailto:a@b.c")).toBeNull();
    expect(inScope(scope, "javascript:void(0)", "http://127.0.0.1:9/site/")).toBeNull();
    expect(inScope(scope, "http://127.0.0.1:9/site/data.zip")).toBeNull();
  });
});
