/**
 * Who a service is for, read from its name, tags and description with the audience concepts of
 * the vocabulary (young people, Indigenous people, women…). A line for a group is the best answer
 * for someone in that group and a poorer one for everyone else, so rankings weigh it by whether
 * the query names the group. Audiences are bits of a mask, so weighing costs one AND per service.
 */
import { tokenize } from "../text/index.js";
import { preparedConcepts } from "./prepared-concepts.js";
import type { SearchIndex } from "./search-index.js";
import type { Concept } from "./vocabulary.js";

/** Weight of a crisis line for a query: for a group the query names, or for another group. */
export const AUDIENCE_MATCH = 1.5;
export const AUDIENCE_OTHER = 0.35;
/** The same, milder, for ordinary results: a group's service may still be what the words ask for. */
export const RELEVANCE_MATCH = 1.15;
export const RELEVANCE_OTHER = 0.8;

let bits: Map<string, number> | null = null;
/** One bit per audience concept id (there are fewer than 31). */
function audienceBits(): Map<string, number> {
  bits ??= new Map(
    preparedConcepts()
      .filter((p) => p.concept.audience)
      .map((p, n) => [p.concept.id, 1 << n]),
  );
  return bits;
}

const byIndex = new WeakMap<SearchIndex, Int32Array>();

/** Per service position, the mask of audiences it is for; 0 when it is for everyone. */
export function serviceAudiences(index: SearchIndex): Int32Array {
  const cached = byIndex.get(index);
  if (cached) return cached;
  const audiences = preparedConcepts().filter((p) => p.concept.audience);
  const bit = audienceBits();
  const masks = Int32Array.from(index.services, (s) => {
    const present = new Set(
      tokenize(`${s.name.en} ${s.name.fr} ${s.tags.join(" ")} ${s.description.en} ${s.description.fr}`),
    );
    let mask = 0;
    for (const p of audiences)
      if (p.phrases.some((phrase) => phrase.every((t) => present.has(t)))) mask |= bit.get(p.concept.id) ?? 0;
    return mask;
  });
  byIndex.set(index, masks);
  return masks;
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
