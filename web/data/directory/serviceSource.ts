// What a service page says about where its facts come from: the organization or website that
// published them and when they were last checked, never the internal name of a data file. The
// seed's evidence address is the publisher's own page; a record with none was verified by the
// directory's curators, and one a partner sent is published by that partner's organization.

import type { MessageKey } from "../../i18n/en";
import type { SavedService } from "./savedService";

export interface SourceSentence {
  key: MessageKey;
  params: Record<string, string>;
  /** ISO time to format as a date in the reader's language, into the "date" placeholder. */
  date?: string;
}

const hostOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/** Sources that say the record still waits for a person to check it against the publisher. */
const NOT_YET_CHECKED = /pending|requires verification/i;

export function sourceSentences(s: SavedService): SourceSentence[] {
  const p = s.provenance;
  if (p.method === "Partner submission")
    return [
      { key: "source.partner", params: { organization: s.organizationName } },
      { key: "source.updated", params: {}, date: s.updatedAt },
    ];
  const site = hostOf(p.evidenceUrl);
  const checkedOn = s.lastVerified ?? undefined;
  if (!site) {
    if (p.method === "HSDS import") return [{ key: "source.imported", params: {}, date: s.updatedAt }];
    return checkedOn
      ? [{ key: "source.curators", params: {}, date: checkedOn }]
      : [{ key: "source.curatorsUndated", params: {} }];
  }
  // The evidence is the organization's own website: it published the facts.
  const published: SourceSentence =
    site === hostOf(s.url)
      ? { key: "source.publishedBy", params: { publisher: s.organizationName, site } }
      : { key: "source.publishedOn", params: { site } };
  if (!checkedOn) return [published];
  const pending = NOT_YET_CHECKED.test(`${p.verifiedBy ?? ""} ${p.method ?? ""}`);
  return [published, { key: pending ? "source.copied" : "source.checked", params: {}, date: checkedOn }];
}
