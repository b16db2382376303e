// How a hospital reads in a picker: its name, and its city in brackets unless the name already
// says it ("Bluewater Health (Petrolia)" stays as it is, not "… (Petrolia) (Petrolia)").
import { foldAccents } from "../../../shared/text/fold";

const plain = (text: string) =>
  foldAccents(text.toLowerCase())
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

export function hospitalOptionLabel(h: { name: string; city: string }): string {
  const city = plain(h.city);
  if (!city || ` ${plain(h.name)} `.includes(` ${city} `)) return h.name;
  return `${h.name} (${h.city.trim()})`;
}
