// Joins the parts of an address, skipping any part the street line already spells out
// (records often carry the full address in the street line as well as city and postal code).
export function formatAddress(parts: Array<string | null | undefined>): string {
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    const seen = kept.join(", ").toLowerCase();
    if (!seen.includes(text.toLowerCase())) kept.push(text);
  }
  return kept.join(", ");
}
