/**
 * Pages written in ISO-8859-1 or windows-1252 (older government sites often are) are read by the
 * charset they declare, in their Content-Type or their own <meta>: searched, replayed and shown
 * with their accents, not as "�". A real crawl of a local site that answers in Latin-1 bytes,
 * the real indexer, the real server and its replay listener on loopback.
 */
import { describe, expect, it } from "vitest";
import { serveCapturedPages } from "../helpers/archive/captured-site.js";

/** windows-1252 bytes of `text` (Node's "latin1" cannot write ’, which is 0x92 there). */
const windows1252 = (text: string) =>
  Buffer.concat(
    text
      .split("’")
      .flatMap((part, i) =>
        i ? [Buffer.from([0x92]), Buffer.from(part, "latin1")] : [Buffer.from(part, "latin1")],
      ),
  );

const PAGES = {
  "/site/": {
    type: "text/html; charset=iso-8859-1",
    body: windows1252(
      '<!doctype html><html lang="fr"><head><title>Santé publique</title></head><body><main><p>La prévention saisonnière des infections.</p><a href="/site/ete.html">Été</a></main></body></html>',
    ),
  },
  // No charset in the header: the page's own declaration says how to read it.
  "/site/ete.html": {
    type: "text/html",
    body: windows1252(
      '<!doctype html><html lang="fr"><head><meta charset="windows-1252"><title>Chaleur accablante à Québec</title></head><body><main><p>Buvez de l’eau fraîche.</p></main></body></html>',
    ),
  },
};

const site = serveCapturedPages("chc-charsets-", PAGES);

interface Hit {
  title: string;
  snippet: string;
  originalUrl: string;
}
const search = async (q: string) =>
  (await (await fetch(`${site.baseUrl}/api/search?q=${encodeURIComponent(q)}`)).json()) as {
    mode: string;
    results: Hit[];
  };

describe("pages in a charset other than UTF-8", () => {
  it("are found by their accented words, with their titles as written", async () => {
    const sante = await search("santé");
    expect(sante.mode).toBe("relevance_fts");
    expect(sante.results.map((r) => r.title)).toEqual(["Santé publique"]);
    expect(sante.results[0].snippet).toContain("prévention saisonnière");
    const quebec = await search("québec");
    expect(quebec.results.map((r) => r.title)).toEqual(["Chaleur accablante à Québec"]);
    expect(quebec.results[0].snippet).toContain("l’eau fraîche");
  });

  it("are replayed as UTF-8, declared so in the header and in the page", async () => {
    const home = await fetch(`${site.replayUrl}/job-${site.jobId}/${site.origin}/site/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await home.text()).toContain("<title>Santé publique</title>");
    const ete = await fetch(`${site.replayUrl}/job-${site.jobId}/${site.origin}/site/ete.html`);
    const html = await ete.text();
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("Buvez de l’eau fraîche.");
  });
});
