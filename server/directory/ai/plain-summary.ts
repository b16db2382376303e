/** A plain-language summary assembled from a service record's own fields (the non-AI fallback). */
import type { DirectoryService, Locale } from "../../../shared/directory/index.js";

export function plainSummary(s: DirectoryService, locale: Locale): string {
  const fr = locale === "fr";
  const parts = [
    `${fr ? `${s.name.fr}\u00a0:` : `${s.name.en}:`} ${fr ? s.description.fr : s.description.en}`,
  ];
  if (s.phones[0])
    parts.push(fr ? `Téléphone\u00a0: ${s.phones[0].number}.` : `Phone: ${s.phones[0].number}.`);
  if (s.schedule?.notes) parts.push(fr ? s.schedule.notes.fr : s.schedule.notes.en);
  if (s.eligibility)
    parts.push(fr ? `Admissibilité\u00a0: ${s.eligibility}.` : `Who can use it: ${s.eligibility}.`);
  return parts.join(" ");
}
