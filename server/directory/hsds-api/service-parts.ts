/**
 * The parts of an HSDS service that our record holds as plain text or flags: service areas (from
 * its scope and sites), languages (as ISO codes), cost options (only "free" is read as an amount:
 * any other fee text stays in fees_description), required documents, and its taxonomy terms as
 * attributes. Each part's id is derived from the service's id, so it is stable.
 */
import type { DirectoryService } from "../../../shared/directory/index.js";
import { hsdsId } from "./ids.js";
import type { Lang } from "./lang.js";
import { languageCode, languageName } from "./languages.js";
import { provinceName } from "./regions.js";
import { termObject, termsForService } from "./taxonomy.js";

const AREA_TEXT = {
  national: { en: "Anywhere in Canada", fr: "Partout au Canada" },
  provincial: {
    en: "Anywhere in the province or territory",
    fr: "Dans toute la province ou tout le territoire",
  },
  local: { en: "Local service", fr: "Service local" },
};

/** Where the service is offered: all of Canada, its sites' provinces, or its sites' cities. */
export function serviceAreas(s: DirectoryService, serviceId: string, lang: Lang) {
  const area = (key: string, name: string) => ({
    id: hsdsId("service_area", `${s.id}/${key}`),
    service_id: serviceId,
    name,
    description: AREA_TEXT[s.scope][lang],
  });
  if (s.scope === "national") return [area("CA", "Canada")];
  const seen = new Map<string, string>();
  for (const l of s.locations) {
    if (l.type !== "physical" && s.scope === "local") continue;
    const province = l.province ? provinceName(l.province, lang) : null;
    if (s.scope === "provincial" && province && l.province) seen.set(l.province.toUpperCase(), province);
    if (s.scope === "local" && l.city) {
      const name = province ? (lang === "fr" ? `${l.city} (${province})` : `${l.city}, ${province}`) : l.city;
      seen.set(`${l.city}/${l.province ?? ""}`.toLowerCase(), name);
    }
  }
  return [...seen].map(([key, name]) => area(key, name));
}

/** Languages the service is offered in, each with its ISO 639 code when we can tell it. */
export function serviceLanguages(s: DirectoryService, serviceId: string, lang: Lang) {
  const seen = new Set<string>();
  const out = [];
  for (const written of s.languages) {
    const code = languageCode(written);
    const key = code ?? written.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: hsdsId("language", `${s.id}/${key}`),
      service_id: serviceId,
      name: languageName(written.trim(), code, lang),
      code: code ?? undefined,
    });
  }
  return out;
}

const FREE = /^\s*(free|gratuit)\s*\.?\s*$/i;
const NO_DOCUMENTS = /^\s*(none|aucun)(\s+required)?\s*\.?\s*$/i;

/** A structured cost only when the fee text says plainly that the service is free. */
export function costOptions(s: DirectoryService, serviceId: string, lang: Lang) {
  if (!s.fees || !FREE.test(s.fees)) return [];
  return [
    {
      id: hsdsId("cost_option", `${s.id}/free`),
      service_id: serviceId,
      amount: 0,
      currency: "CAD",
      amount_description: lang === "fr" ? "Gratuit" : "Free",
    },
  ];
}

export function requiredDocuments(s: DirectoryService, serviceId: string) {
  const text = s.documentsRequired?.trim();
  if (!text || NO_DOCUMENTS.test(text)) return [];
  return [{ id: hsdsId("required_document", `${s.id}/0`), service_id: serviceId, document: text }];
}

/** The service's taxonomy terms, each as an attribute linking the service to the term. */
export function termAttributes(s: DirectoryService, serviceId: string, lang: Lang) {
  return termsForService(s).map((t) => ({
    id: hsdsId("attribute", `${s.id}/${t.code}`),
    link_id: serviceId,
    link_entity: "service",
    taxonomy_term_id: t.id,
    taxonomy_term: termObject(t, lang),
  }));
}
