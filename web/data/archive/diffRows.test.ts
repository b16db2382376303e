import { describe, expect, it } from "vitest";
import { diffLines, diffRows } from "./diffRows";

describe("diffRows", () => {
  it("aligns kept lines on both sides and pairs removed with added lines", () => {
    const html = [
      "<p>Title</p>",
      "<del>Old advice</del>",
      "<del>Second old</del>",
      "<ins>New advice</ins>",
      "<p>End</p>",
    ].join("\n");
    expect(diffRows(html)).toEqual([
      { before: "Title", after: "Title", changed: false, block: -1, blockStart: false },
      { before: "Old advice", after: "New advice", changed: true, block: 0, blockStart: true },
      { before: "Second old", after: null, changed: true, block: 0, blockStart: false },
      { before: "End", after: "End", changed: false, block: -1, blockStart: false },
    ]);
  });

  it("numbers separate runs of changes, including one at the very end", () => {
    const rows = diffRows("<ins>Added first</ins>\n<p>Same</p>\n<del>Gone</del>");
    expect(rows.filter((r) => r.blockStart).map((r) => [r.block, r.before, r.after])).toEqual([
      [0, null, "Added first"],
      [1, "Gone", null],
    ]);
  });

  it("returns text, never markup: escapes are undone and stray tags stay as text", () => {
    const lines = diffLines(
      "<p>Fish &amp; chips &lt;b&gt;</p>\n<script>alert(1)</script>\n<ins>a &quot;b&quot;</ins>",
    );
    expect(lines).toEqual([
      { kind: "kept", text: "Fish & chips <b>" },
      { kind: "kept", text: "<script>alert(1)</script>" },
      { kind: "added", text: 'a "b"' },
    ]);
  });

  it("gives no rows for an empty diff", () => {
    expect(diffRows("")).toEqual([]);
  });
});
