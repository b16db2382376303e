import { describe, expect, it } from "vitest";
import type { DirectoryService } from "../../../shared/directory/types";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data";
import { sourceSentences } from "./serviceSource";

const seed = loadSeedServices();
const byId = (id: string) => seed.find((s) => s.id === id) as DirectoryService;

describe("sourceSentences", () => {
  it("names the organization whose website published the facts, and when they were checked", () => {
    expect(sourceSentences(byId("kids-help-phone"))).toEqual([
      { key: "source.publishedBy", params: { publisher: "Kids Help Phone", site: "kidshelpphone.ca" } },
      { key: "source.checked", params: {}, date: "2026-01-03T16:57:50.846Z" },
    ]);
  });

  it("names only the website when the evidence is another organization's page", () => {
    expect(sourceSentences(byId("crisis-telehealth-ontario"))[0]).toEqual({
      key: "source.publishedOn",
      params: { site: "ontario.ca" },
    });
  });

  it("says a record copied but not yet checked by a person is just that", () => {
    expect(sourceSentences(byId("ontario-black-youth-helpline"))[1]).toMatchObject({ key: "source.copied" });
  });

  it("never shows a data file or a repository, for any seed record", () => {
    for (const s of seed) {
      const text = JSON.stringify(sourceSentences(s));
      expect(text).not.toMatch(/json|jerdaw|careconnect|github/i);
    }
  });

  it("credits the directory's curators, with the date, when no publisher is named", () => {
    const s = {
      ...byId("kids-help-phone"),
      provenance: { ...byId("kids-help-phone").provenance, evidenceUrl: null },
    };
    expect(sourceSentences(s)).toEqual([
      { key: "source.curators", params: {}, date: "2026-01-03T16:57:50.846Z" },
    ]);
    expect(sourceSentences({ ...s, lastVerified: null })).toEqual([
      { key: "source.curatorsUndated", params: {} },
    ]);
  });

  it("credits a partner's organization, never the account's email address", () => {
    const s: DirectoryService = {
      ...byId("partners-in-mission-food-bank"),
      updatedAt: "2026-03-01T12:00:00.000Z",
      provenance: {
        source: "partner dashboard (a@example.org)",
        sourceRecordId: null,
        verifiedBy: "a@example.org",
        method: "Partner submission",
        evidenceUrl: null,
      },
    };
    const sentences = sourceSentences(s);
    expect(sentences[0]).toEqual({
      key: "source.partner",
      params: { organization: "Partners in Mission Food Bank" },
    });
    expect(JSON.stringify(sentences)).not.toContain("@");
  });
});
