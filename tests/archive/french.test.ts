// The text the archive writes for people, in English or French: change summaries (built from the
// stored figures), the diff's summary, and the sources' names and descriptions. `lang` wins over
// Accept-Language; an unknown `lang` is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSummary } from "../../server/archive/changes/change-summary.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const edit = (addedLines: number, removedLines: number, sections: string[] = [], highNoise = false) => ({
  type: "updated" as const,
  addedLines,
  removedLines,
  changedSections: sections.map((section) => ({ section })),
  highNoise,
});
const NBSP = "\u00a0";

describe("change summaries", () => {
  it("are written in English with the stored wording", () => {
    expect(changeSummary(edit(2, 1, ["Advice"]), "en")).toBe("2 lines added, 1 removed in “Advice”");
    expect(changeSummary(edit(1, 0), "en")).toBe("1 line added, 0 removed");
    expect(changeSummary({ ...edit(0, 0), type: "new_page" }, "en")).toBe("New page");
    expect(changeSummary(edit(3, 3, ["A", "B", "C", "D"], true), "en")).toBe(
      "Only dates, numbers or spacing changed (3 lines) in “A”, “B”, “C”…",
    );
  });

  it("are written in French with French plurals, numbers and quotation marks", () => {
    expect(changeSummary(edit(2, 1, ["Conseils"]), "fr")).toBe(
      `2 lignes ajoutées, 1 supprimée dans «${NBSP}Conseils${NBSP}»`,
    );
    // French counts 0 and 1 in the singular.
    expect(changeSummary(edit(1, 0), "fr")).toBe("1 ligne ajoutée, 0 supprimée");
    expect(changeSummary(edit(1200, 3), "fr")).toBe(
      `${(1200).toLocaleString("fr-CA")} lignes ajoutées, 3 supprimées`,
    );
    expect(changeSummary({ ...edit(0, 0), type: "new_page" }, "fr")).toBe("Nouvelle page");
    expect(changeSummary({ ...edit(0, 0), type: "removed" }, "fr")).toBe(
      "Page introuvable lors de la collecte suivante",
    );
    expect(changeSummary(edit(0, 0, [], true), "fr")).toMatch(
      /^Le balisage, des dates .* le texte est le même$/,
    );
  });
});

describe("archive text in French over HTTP", () => {
  const archive = createArchiveModule();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [archive], demo: true, archiveDemo: true });
    await archive.demoReady();
  }, 120_000);
  afterAll(() => server?.close());
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers });
  type Change = {
    type: string;
    url: string;
    summary: string;
    compareUrl: string | null;
    pageLanguage: string;
  };
  const feed = async (qs: string, headers?: Record<string, string>) =>
    ((await (await get(`/api/changes?pageSize=100&${qs}`, headers)).json()) as { changes: Change[] }).changes;

  it("serves the change feed's summaries in French with lang=fr or Accept-Language", async () => {
    const en = await feed("");
    const fr = await feed("lang=fr");
    expect(fr.map((c) => c.url)).toEqual(en.map((c) => c.url));
    const flu = (list: Change[]) => list.find((c) => c.url.endsWith("/en/topics/influenza/")) as Change;
    expect(flu(en).summary).toBe("1 line added, 1 removed in “What to do”");
    expect(flu(fr).summary).toBe(`1 ligne ajoutée, 1 supprimée dans «${NBSP}What to do${NBSP}»`);
    // The page's own language travels with it, so a French page can mark the English headings.
    expect(flu(fr).pageLanguage).toBe("en");
    expect(fr.find((c) => c.url.endsWith("/fr/topics/measles/"))?.pageLanguage).toBe("fr");
    expect(fr.filter((c) => c.type === "new_page").every((c) => c.summary === "Nouvelle page")).toBe(true);
    expect(fr.filter((c) => c.type === "removed").map((c) => c.summary)).toContain(
      "Page introuvable lors de la collecte suivante",
    );
    expect(fr.some((c) => /line|added|removed|New page/.test(c.summary))).toBe(false);

    const byHeader = await get("/api/changes?pageSize=100", { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect(byHeader.headers.get("content-language")).toBe("fr");
    expect(byHeader.headers.get("vary")).toMatch(/Accept-Language/i);
    expect(flu((await byHeader.json()).changes).summary).toBe(flu(fr).summary);
    // An explicit lang wins over the header.
    expect(flu(await feed("lang=en", { "accept-language": "fr" })).summary).toBe(flu(en).summary);
  });

  it("serves the diff's summary in French", async () => {
    const flu = (await feed("")).find((c) => c.url.endsWith("/en/topics/influenza/")) as Change;
    const fr = await (await get(`${flu.compareUrl}&lang=fr`)).json();
    expect(fr.summary).toBe(`1 ligne ajoutée, 1 supprimée dans «${NBSP}What to do${NBSP}»`);
    const en = await (await get(flu.compareUrl as string)).json();
    expect(en.summary).toBe("1 line added, 1 removed in “What to do”");
  });

  it("serves the sources' names and descriptions in French, saying which language they are in", async () => {
    const en = (await (await get("/api/sources")).json()).sources;
    const res = await get("/api/sources?lang=fr");
    expect(res.headers.get("content-language")).toBe("fr");
    const fr = (await res.json()).sources;
    type Source = { code: string; snapshotCount: number };
    const byCode = (list: Source[], code: string) => list.find((s) => s.code === code);
    expect(byCode(en, "hc")).toMatchObject({ name: "Health Canada", textLanguage: "en" });
    expect(byCode(fr, "hc")).toMatchObject({
      name: "Santé Canada",
      description:
        "Ministère fédéral responsable des politiques de santé, de la sécurité des produits et de la réglementation.",
      textLanguage: "fr",
    });
    expect(byCode(fr, "demo")).toMatchObject({
      name: "Agence de démonstration en santé communautaire",
      textLanguage: "fr",
    });
    expect(byCode(fr, "demo")?.snapshotCount).toBe(byCode(en, "demo")?.snapshotCount);
    const byHeader = (await (await get("/api/sources", { "accept-language": "fr" })).json()).sources;
    expect(byCode(byHeader, "phac")).toMatchObject({ name: "Agence de la santé publique du Canada" });
  });

  it("names the source of search results and of a snapshot in French", async () => {
    type Hit = { id: number; sourceCode: string; sourceName: string };
    const hits = async (qs: string) =>
      ((await (await get(`/api/search?q=measles&${qs}`)).json()) as { results: Hit[] }).results;
    const fr = await hits("lang=fr");
    expect(fr.length).toBeGreaterThan(0);
    expect(fr.every((h) => h.sourceName === "Agence de démonstration en santé communautaire")).toBe(true);
    expect((await hits("")).every((h) => h.sourceName === "Community Health Demo Agency")).toBe(true);
    const snapshot = await (await get(`/api/snapshot/${fr[0].id}`, { "accept-language": "fr" })).json();
    expect(snapshot.sourceName).toBe("Agence de démonstration en santé communautaire");
    expect((await (await get(`/api/snapshot/${fr[0].id}?lang=en`)).json()).sourceName).toBe(
      "Community Health Demo Agency",
    );
  });

  it("refuses an unknown lang with a 400 naming the parameter", async () => {
    for (const path of [
      "/api/changes?lang=de",
      "/api/sources?lang=fr-CA",
      "/api/changes/compare?from=1&to=2&lang=x",
      "/api/search?q=flu&lang=EN",
      "/api/snapshot/1?lang=es",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, error: "ValidationError" });
      expect(body.message, path).toContain('"lang"');
      expect(body.message, path).toContain("en, fr");
    }
  });
});
