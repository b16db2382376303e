/**
 * Harmless wording that shares words with a crisis ("end", "died", "shot", "assault", "meurs")
 * and must not be treated as one: no crisis mode, and where a kind of help is asked for, it is
 * still found in the top three.
 */
import type { AnswerKey } from "./answers.js";

export interface Guard {
  text: string;
  locale: "en" | "fr";
  answers: AnswerKey[];
}

const g = (locale: "en" | "fr", text: string, answers: AnswerKey[] = []): Guard => ({
  text,
  locale,
  answers,
});

export const GUARDS: Guard[] = [
  g("en", "end of lease", ["housing"]),
  g("en", "hospice care for my father", ["palliative"]),
  g("en", "end of life care for my mom", ["palliative"]),
  g("en", "my phone died"),
  g("en", "flu shot", ["vaccine"]),
  g("en", "charged with assault need a lawyer", ["legal"]),
  g("en", "overdue bills", ["income"]),
  g("en", "killing time at the library", ["learning"]),
  g("en", "im starving where is the food bank", ["food"]),
  g("en", "dead tired new mom", ["family"]),
  g("fr", "fin de bail", ["housing"]),
  g("fr", "soins palliatifs pour mon pere", ["palliative"]),
  g("fr", "fin de vie de ma mere", ["palliative"]),
  g("fr", "mon cell est mort"),
  g("fr", "vaccin contre la grippe", ["vaccine"]),
  g("fr", "accuse de voies de fait besoin d'un avocat", ["legal"]),
  g("fr", "factures en retard", ["income"]),
  g("fr", "je meurs de faim", ["food"]),
  g("fr", "tuer le temps a la bibliotheque", ["learning"]),
  g("fr", "epuisee nouvelle maman", ["family"]),
];
