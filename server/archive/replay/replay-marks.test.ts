import { describe, expect, it } from "vitest";
import { addedPassages } from "../changes/page-diff.js";
import { extractText } from "../index/extract-page.js";
import { markPassages } from "./replay-marks.js";

/** The page with its marks taken out again: what must be left is the page as it was. */
const unmark = (html: string) =>
  html
    .replace(/<style id="chc-change-style">[\s\S]*?<\/style>/, "")
    .replace(/<mark class="chc-change"(?: id="[^"]*")?>/g, "")
    .replace(/<\/mark>/g, "");

const marks = (html: string) =>
  [...html.matchAll(/<mark class="chc-change"(?: id="([^"]*)")?>([\s\S]*?)<\/mark>/g)].map((m) => ({
    id: m[1] ?? null,
    raw: m[2],
  }));

describe("markPassages", () => {
  it("marks each text piece of a passage that spans elements, keeping tags and entities", () => {
    const html =
      "<!doctype html><html><head><title>Clinics</title></head><body><main><h1>Clinics</h1>" +
      '<p class="lead">Bring your <a href="/card?x=1&amp;y=2" title="Bring your card">health card</a> &amp; a list of <em>current</em> medicines.</p>' +
      "<p>Unchanged line.</p></main></body></html>";
    const passage = "Bring your health card & a list of current medicines.";
    const out = markPassages(html, [passage]);
    expect(out.found).toBe(1);
    expect(marks(out.html)).toEqual([
      { id: "chc-change-1", raw: "Bring your " },
      { id: null, raw: "health card" },
      { id: null, raw: " &amp; a list of " },
      { id: null, raw: "current" },
      { id: null, raw: " medicines." },
    ]);
    // Attributes (with their own &amp; and the same words) are untouched; nothing else changed.
    expect(out.html).toContain('<a href="/card?x=1&amp;y=2" title="Bring your card">');
    expect(unmark(out.html)).toBe(html);
    // The style sits in the head, before </head>.
    expect(out.html).toMatch(/<title>Clinics<\/title><style id="chc-change-style">[^<]*<\/style><\/head>/);
    // The marked text still reads as the same line.
    expect(extractText(out.html).text).toBe(extractText(html).text);
  });

  it("never marks text inside scripts, styles, textareas or the title, even when it matches", () => {
    const line = "Masks are recommended indoors";
    const html =
      `<html><head><title>${line}</title><style>/* ${line} */ p{color:red}</style></head><body>` +
      `<script>var s = "${line}"; if (a < b && c) {}</script>` +
      `<textarea>${line}</textarea><noscript>${line}</noscript>` +
      `<p>${line}</p></body></html>`;
    const out = markPassages(html, [line]);
    expect(out.found).toBe(1);
    expect(marks(out.html)).toEqual([{ id: "chc-change-1", raw: line }]);
    expect(out.html).toContain(`<p><mark class="chc-change" id="chc-change-1">${line}</mark></p>`);
    expect(out.html).toContain(`<script>var s = "${line}"; if (a < b && c) {}</script>`);
    expect(out.html).toContain(`<textarea>${line}</textarea>`);
    expect(unmark(out.html)).toBe(html);
  });

  it("numbers passages in the diff's order, one id each, and marks a line repeated once per passage", () => {
    const before = "<html><body><main><p>Old advice.</p><p>Kept.</p></main></body></html>";
    const after =
      "<html><body><main><p>New advice one.</p><p>Kept.</p><ul><li>Step A</li><li>Step B</li></ul>" +
      "<p>Step A</p></main></body></html>";
    const passages = addedPassages(extractText(before), extractText(after));
    expect(passages).toEqual(["New advice one.", "Step A", "Step B", "Step A"]);
    const out = markPassages(after, passages);
    expect(out.found).toBe(4);
    expect(marks(out.html)).toEqual([
      { id: "chc-change-1", raw: "New advice one." },
      { id: "chc-change-2", raw: "Step A" },
      { id: "chc-change-3", raw: "Step B" },
      { id: "chc-change-4", raw: "Step A" },
    ]);
    // No <head>: the style goes just before the first mark.
    expect(out.html).toMatch(
      /<p><style id="chc-change-style">[^<]*<\/style><mark class="chc-change" id="chc-change-1">/,
    );
  });

  it("reads the page's text as the diff does: <main> only, navigation and footer left out", () => {
    const html =
      "<body><nav>Travel notices</nav><main><p>Travel notices</p></main><footer>Travel notices</footer></body>";
    const out = markPassages(html, ["Travel notices"]);
    expect(out.html).toBe(
      '<body><nav>Travel notices</nav><main><p><style id="chc-change-style">' +
        /<style id="chc-change-style">([^<]*)<\/style>/.exec(out.html)![1] +
        '</style><mark class="chc-change" id="chc-change-1">Travel notices</mark></p></main><footer>Travel notices</footer></body>',
    );
  });

  it("leaves the page byte for byte as it was when no passage is given or none is found", () => {
    const html = "<p>Caf&eacute; &nbsp; hours</p><script>x='<p>'</script>";
    expect(markPassages(html, [])).toEqual({ html, found: 0 });
    expect(markPassages(html, ["Not on the page"])).toEqual({ html, found: 0 });
    // Entities decode for matching (é, a no-break space) and are marked whole.
    expect(marks(markPassages(html, ["Café hours"]).html)).toEqual([
      { id: "chc-change-1", raw: "Caf&eacute; &nbsp; hours" },
    ]);
  });
});
