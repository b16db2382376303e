import { describe, expect, it } from "vitest";
import { detectLanguage, extractLinks, extractText } from "./extract-page.js";

describe("page extraction", () => {
  it("finds links and resources, resolved against <base>", () => {
    const links = extractLinks(
      '<base href="http://h/dir/"><a href="a.html">a</a><img src="/i.png" srcset="/s1.png 1x, s2.png 2x"><link href="c.css" rel="stylesheet"><script src="j.js"></script>',
      "http://h/page",
    );
    expect(links).toEqual(
      expect.arrayContaining([
        "http://h/dir/a.html",
        "http://h/i.png",
        "http://h/s1.png",
        "http://h/dir/s2.png",
        "http://h/dir/c.css",
        "http://h/dir/j.js",
      ]),
    );
  });
  it("extracts title, lang and main text without navigation or scripts", () => {
    const p = extractText(
      '<html lang="fr-CA"><title> Santé </title><nav>Menu</nav><main><h1>Grippe</h1><p>Lavez-vous les mains.</p><script>x()</script></main><footer>Date</footer></html>',
    );
    expect(p).toEqual({
      title: "Santé",
      lang: "fr-CA",
      text: "Grippe\nLavez-vous les mains.",
      headings: ["Grippe"],
    });
  });
  it("detects en or fr when there is no lang attribute", () => {
    expect(
      detectLanguage(null, "La vaccination est offerte dans les cliniques pour les enfants et les adultes."),
    ).toBe("fr");
    expect(
      detectLanguage(null, "The vaccine is offered to children and adults in the clinics of your region."),
    ).toBe("en");
    expect(detectLanguage("EN-ca", "")).toBe("en");
  });
});
