import { describe, expect, it } from "vitest";
import { diffLines, diffRows, foldUnchanged } from "./diffRows";

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

  it("folds long runs of unchanged lines, keeping three lines of context beside each change", () => {
    const kept = (from: number, n: number) => Array.from({ length: n }, (_, i) => `<p>line ${from + i}</p>`);
    const html = [
      ...kept(1, 20),
      "<del>old</del>",
      "<ins>new</ins>",
      ...kept(21, 4),
      "<ins>more</ins>",
      ...kept(25, 30),
    ];
    const parts = foldUnchanged(diffRows(html.join("\n")));
    const shape = parts.map((p) => (p.folded ? `fold ${p.rows.length}` : `show ${p.rows.length}`));
    // 17 hidden before the first change; the 4 lines between the changes stay (too few to fold);
    // 27 hidden after the last change.
    // Shown together: 3 lines of context, the change, the 4 lines between, the next change, 3 lines.
    expect(shape).toEqual(["fold 17", "show 12", "fold 27"]);
    expect(parts.flatMap((p) => p.rows)).toEqual(diffRows(html.join("\n")));
    // A change alone, or no change at all: nothing to fold.
    expect(foldUnchanged(diffRows("<p>a</p>\n<ins>b</ins>\n<p>c</p>")).map((p) => p.folded)).toEqual([false]);
    expect(foldUnchanged(diffRows(kept(1, 40).join("\n"))).map((p) => p.folded)).toEqual([false]);
  });
});
