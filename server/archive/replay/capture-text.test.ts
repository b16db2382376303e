import { describe, expect, it } from "vitest";
import { captureText, declareUtf8, utf8ContentType } from "./capture-text.js";

const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, "latin1"));

describe("a capture's text", () => {
  it("is decoded by the charset of its Content-Type", () => {
    expect(captureText(latin1("Santé publique"), "text/html; charset=ISO-8859-1")).toBe("Santé publique");
    expect(captureText(latin1("Été"), 'text/css; charset="windows-1252"')).toBe("Été");
  });

  it("reads windows-1252's own characters (0x80–0x9F), which ISO-8859-1 labels name too", () => {
    const bytes = Uint8Array.from([0x63, 0x9c, 0x75, 0x72, 0x20, 0x92, 0x80, 0x96, 0x93, 0x94]);
    for (const label of ["windows-1252", "iso-8859-1", "latin1"])
      expect(captureText(bytes, `text/html; charset=${label}`), label).toBe("cœur ’€–“”");
  });

  it("else by the page's own meta declaration, as a browser reads it", () => {
    const page = latin1('<html><head><meta charset="iso-8859-1"><title>Québec</title>');
    expect(captureText(page, "text/html")).toContain("<title>Québec</title>");
    const equiv = latin1(
      '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>à jour</p>',
    );
    expect(captureText(equiv, null)).toBe(new TextDecoder().decode(equiv)); // no type: not known to be HTML
    expect(captureText(equiv, "text/html")).toContain("<p>à jour</p>");
  });

  it("else as UTF-8, also when the declared charset is one no browser knows", () => {
    const utf8 = new TextEncoder().encode("Santé");
    expect(captureText(utf8, "text/html")).toBe("Santé");
    expect(captureText(utf8, "text/html; charset=x-nonsense")).toBe("Santé");
  });

  it("is declared UTF-8 once re-encoded", () => {
    expect(utf8ContentType("text/html; charset=iso-8859-1")).toBe("text/html; charset=utf-8");
    expect(utf8ContentType("text/css")).toBe("text/css; charset=utf-8");
    expect(
      declareUtf8(
        '<meta charset="ISO-8859-1"><meta http-equiv="content-type" content="text/html; charset=windows-1252">',
      ),
    ).toBe('<meta charset="utf-8"><meta http-equiv="content-type" content="text/html; charset=utf-8">');
  });
});
