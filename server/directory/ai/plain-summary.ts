/** A plain-language summary assembled from a service record's own fields (the non-AI fallback). */
import type { DirectoryService, Locale } from "../../../shared/directory/index.js";

export function plainSummary(s: DirectoryService, locale: Locale): string {
  const fr = locale === "fr";
  // French sets the colon apart from its label with a space that never breaks.
  const colon = fr ? "\u00a0: " : ": ";
  const parts = [`${fr ? s.name.fr : s.name.en}${colon}${fr ? s.description.fr : s.description.en}`];
  if (s.phones[0]) parts.push(`${fr ? "Téléphone" : "Phone"}${colon}${s.phones[0].number}.`);
  if (s.schedule?.notes) parts.push(fr ? s.schedule.notes.fr : s.schedule.notes.en);
  if (s.eligibility) parts.push(`${fr ? "Admissibilité" : "Who can use it"}${colon}${s.eligibility}.`);
  return parts.join(" ");
}
