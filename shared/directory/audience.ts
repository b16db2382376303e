/**
 * Who a service is for, read from its name, tags and description with the audience concepts of
 * the vocabulary (young people, Indigenous people, women…). A line for a group is the best answer
 * for someone in that group and a poorer one for everyone else, so rankings weigh it by whether
 * the query names the group. Audiences are bits of a mask, so weighing costs one AND per service.
 */
import { preparedConcepts } from "./prepared-concepts.js";
import type { Concept } from "./vocabulary.js";

/** Weight of a crisis line for a query: for a group the query names, or for another group. */
export const AUDIENCE_MATCH = 1.5;
export const AUDIENCE_OTHER = 0.35;
/** The same, milder, for ordinary results: a group's service may still be what the words ask for. */
export const RELEVANCE_MATCH = 1.15;
export const RELEVANCE_OTHER = 0.8;

let bits: Map<string, number> | null = null;
/** One bit per audience concept id (there are fewer than 31). */
export function audienceBits(): Map<string, number> {
  bits ??= new Map(
    preparedConcepts()
      .filter((p) => p.concept.audience)
      .map((p, n) => [p.concept.id, 1 << n]),
  );
  return bits;
}

/**
 * Wording where an audience's word names a kind of care instead: a family doctor or a family
 * medicine clinic serves everyone, not families only, so these words are left out of the reading.
 */
const NOT_AN_AUDIENCE =
  /\bfamily (?:medicine|doctors?|physicians?|practices?|practitioners?|health teams?)\b|\bm[ée]decins? de famille\b|\bm[ée]decine familiale\b/gi;

/** A service's text without the wording that only looks like an audience. */
export function audienceText(text: string): string {
  return text.replace(NOT_AN_AUDIENCE, " ");
}

let audiencePhrases: Array<{ bit: number; phrases: string[][] }> | null = null;

/** The mask of the audiences a service is for, from the tokens of its names, tags and descriptions. */
export function audienceMaskOf(present: ReadonlySet<string>): number {
  audiencePhrases ??= preparedConcepts()
    .filter((p) => p.concept.audience)
    .map((p) => ({ bit: audienceBits().get(p.concept.id) ?? 0, phrases: p.phrases }));
  let mask = 0;
  for (const { bit, phrases } of audiencePhrases)
    if (phrases.some((phrase) => phrase.every((t) => present.has(t)))) mask |= bit;
  return mask;
}

/** The mask of the audiences a query names. */
export function queryAudiences(concepts: readonly Concept[]): number {
  const bit = audienceBits();
  let mask = 0;
  for (const c of concepts) mask |= bit.get(c.id) ?? 0;
  return mask;
}

/** How well a service for `serviceMask` suits a query for `queryMask` (1 when the service is for everyone). */
export function audienceFit(
  serviceMask: number,
  queryMask: number,
  match = AUDIENCE_MATCH,
  other = AUDIENCE_OTHER,
): number {
  if (serviceMask === 0) return 1;
  return (serviceMask & queryMask) !== 0 ? match : other;
}
