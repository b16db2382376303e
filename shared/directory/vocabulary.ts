/**
 * The needs vocabulary, in English and French. People type needs ("I can't pay my rent",
 * "j'ai faim", "court date next week no lawyer"), not categories: each concept ties everyday
 * wording (situations, euphemisms, slang, abbreviations) to directory categories and to search
 * terms. The concepts themselves live in vocabulary-*.ts by theme.
 */
import type { Category } from "./types.js";
import { BASIC_CONCEPTS } from "./vocabulary-basics.js";
import { HEALTH_CONCEPTS } from "./vocabulary-health.js";
import { LEGAL_CONCEPTS } from "./vocabulary-legal.js";
import { PEOPLE_CONCEPTS } from "./vocabulary-people.js";
import { SAFETY_CONCEPTS } from "./vocabulary-safety.js";

export interface Concept {
  id: string;
  /** Categories that answer the need, best first (may be empty when no category does as a whole). */
  categories: Category[];
  /** A need where someone may be in danger. Whether a query is a crisis is read by crisis.ts. */
  crisis?: boolean;
  /** Names who the help is for rather than what is needed: it narrows a need named beside it. */
  audience?: boolean;
  /** Words or short phrases that name the need and are searched as synonyms in both languages. */
  terms: { en: string[]; fr: string[] };
  /**
   * Phrasings whose content words must all appear in the query (any order); a phrase starting
   * with "=" must appear word for word, small words included ("=coming out").
   */
  needs: { en: string[]; fr: string[] };
  /** Words naming the services that answer the need when its own words do not; searched, never matched. */
  answers?: { en: string[]; fr: string[] };
}

/** Order matters only for ties between categories: safety first, then everyday needs, legal, health, people. */
export const CONCEPTS: Concept[] = [
  ...SAFETY_CONCEPTS,
  ...BASIC_CONCEPTS,
  ...LEGAL_CONCEPTS,
  ...HEALTH_CONCEPTS,
  ...PEOPLE_CONCEPTS,
];

export const CATEGORY_LABELS: Record<Category, { en: string; fr: string }> = {
  crisis: { en: "Crisis", fr: "Crise" },
  food: { en: "Food", fr: "Alimentation" },
  housing: { en: "Housing", fr: "Logement" },
  health: { en: "Health", fr: "Santé" },
  legal: { en: "Legal", fr: "Juridique" },
  financial: { en: "Financial", fr: "Finances" },
  employment: { en: "Employment", fr: "Emploi" },
  education: { en: "Education", fr: "Éducation" },
  community: { en: "Community", fr: "Communauté" },
  wellness: { en: "Wellness", fr: "Mieux-être" },
  indigenous: { en: "Indigenous", fr: "Autochtones" },
  transport: { en: "Transport", fr: "Transport" },
};

export function conceptById(id: string): Concept | undefined {
  return CONCEPTS.find((c) => c.id === id);
}
