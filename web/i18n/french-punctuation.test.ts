/**
 * French sets a question mark, an exclamation mark, a colon or a semicolon apart from the word
 * before it, with a space that never breaks: "besoin ?", "Téléphone : 211". A plain space lets a
 * narrow phone put the mark alone at the start of a line, and no space at all is an English habit
 * ("Vous pensez au suicide?" stood in the crisis block under the search box).
 */
import { describe, expect, it } from "vitest";
import { BRIEF_PHRASES } from "../../shared/waittimes/compare-phrases";
import { fr } from "./fr";

/** Each mark that ends a clause, with the 20 characters before it, where the space before it is not a no-break one. */
function unsetMarks(text: string): string[] {
  const found: string[] = [];
  // A mark followed by a space, a closing quote or bracket, or the end: not a time (08:30) or a URL.
  for (const m of text.matchAll(/(.)([?!:;])(?=[\s»)]|$)/gu)) {
    if (m[1] !== "\u00a0" && m[1] !== "\u202f")
      found.push(`…${text.slice(Math.max(0, m.index - 20), m.index + 2)}`);
  }
  return found;
}

describe("French messages", () => {
  it("put a no-break space before ? ! : and ;", () => {
    const wrong = Object.entries(fr).flatMap(([key, text]) => unsetMarks(text).map((at) => `${key}: ${at}`));
    expect(wrong).toEqual([]);
  });

  it("the comparison brief does too, whose sentences are built from parts", () => {
    const brief = BRIEF_PHRASES.fr;
    const sentences = [
      brief.differs("Le départ", "A", "au triage", "B", "à l’inscription"),
      ...Object.values(brief.headline),
    ];
    expect(sentences.flatMap(unsetMarks)).toEqual([]);
  });

  it("the check finds a missing space and a plain one, and passes times and addresses", () => {
    expect(unsetMarks("Vous pensez au suicide? Parlez à quelqu’un :")).toHaveLength(2);
    expect(unsetMarks("De 8:30 à 16:30, https://example.org")).toEqual([]);
    expect(unsetMarks("Besoin d’aide\u00a0? Téléphone\u00a0: 211")).toEqual([]);
  });
});
