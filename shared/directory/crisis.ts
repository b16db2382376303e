/**
 * Crisis detection shared by the ranking, the server and the offline app: which kinds of danger a
 * query signals (see crisis-phrases.ts). It reads word order and the small words that the search
 * tokens drop ("not", "me", "pas"), so "don't want to be here anymore" signals and "end of lease"
 * does not. A long crisis word one typo away ("sucidal", "surdoze") still counts.
 */
import { boundedEditDistance, foldAccents } from "../text/index.js";
import { CRISIS_PHRASES, type CrisisKind } from "./crisis-phrases.js";
import { CONCEPTS } from "./vocabulary.js";

export type { CrisisKind } from "./crisis-phrases.js";

type Slot =
  | { type: "word"; exact: Set<string>; prefixes: string[]; optional: boolean }
  | { type: "gap"; max: number }
  | { type: "end" };

type WordSlot = Extract<Slot, { type: "word" }>;

/** A pattern and the required word every match must contain, checked first (most queries fail there). */
interface Pattern {
  slots: Slot[];
  anchor: WordSlot | null;
}

interface CompiledKind {
  kind: CrisisKind;
  signals: Pattern[];
  unless: Pattern[];
}

const FUZZY_MIN_LENGTH = 6;

function compile(pattern: string): Slot[] {
  return pattern.split(" ").map((part): Slot => {
    if (part === "..") return { type: "gap", max: 3 };
    if (part === "...") return { type: "gap", max: 8 };
    if (part === "$") return { type: "end" };
    const optional = part.startsWith("[") && part.endsWith("]");
    const alternatives = (optional ? part.slice(1, -1) : part).split("|");
    return {
      type: "word",
      exact: new Set(alternatives.filter((a) => !a.endsWith("*"))),
      prefixes: alternatives.filter((a) => a.endsWith("*")).map((a) => a.slice(0, -1)),
      optional,
    };
  });
}

function pattern(text: string): Pattern {
  const slots = compile(text);
  const required = slots.filter((s): s is WordSlot => s.type === "word" && !s.optional);
  // The most selective required word: exact words only if possible (a set lookup), fewest choices.
  required.sort((a, b) => a.prefixes.length - b.prefixes.length || a.exact.size - b.exact.size);
  return { slots, anchor: required[0] ?? null };
}

let compiled: { kinds: CompiledKind[]; fuzzyTargets: string[]; known: Set<string> } | null = null;
function compiledPhrases() {
  if (compiled) return compiled;
  const kinds = CRISIS_PHRASES.map((p) => ({
    kind: p.kind,
    signals: p.signals.map(pattern),
    unless: p.unless.map(pattern),
  }));
  // Long literal signal words are the ones a typo may reach ("suicidal", "overdose", "surdose").
  const targets = new Set<string>();
  for (const k of kinds)
    for (const { slots } of k.signals)
      for (const s of slots)
        if (s.type === "word") for (const w of s.exact) if (w.length >= FUZZY_MIN_LENGTH) targets.add(w);
  // Words of the needs vocabulary are spelt as meant: "homeless" is not a typo of "hopeless".
  const known = new Set<string>(targets);
  for (const c of CONCEPTS)
    for (const text of [...c.terms.en, ...c.terms.fr, ...c.needs.en, ...c.needs.fr])
      for (const w of crisisWords(text)) known.add(w);
  compiled = { kinds, fuzzyTargets: [...targets], known };
  return compiled;
}

/** Folded words with English contractions kept whole ("don't" → "dont") and apostrophes as breaks. */
export function crisisWords(text: string): string[] {
  return foldAccents(text)
    .replace(/n't\b/g, "nt")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Each word and, when it is one typo away from a long crisis word, that word too. */
function readingsOf(words: string[]): string[][] {
  const { fuzzyTargets, known } = compiledPhrases();
  return words.map((w) => {
    if (w.length < FUZZY_MIN_LENGTH || known.has(w)) return [w];
    const out = [w];
    for (const t of fuzzyTargets) {
      if (t === w || t[0] !== w[0] || Math.abs(t.length - w.length) > 1) continue;
      if (boundedEditDistance(w, t, 1) <= 1) out.push(t);
    }
    return out;
  });
}

function slotMatches(slot: { exact: Set<string>; prefixes: string[] }, readings: string[]): boolean {
  for (const r of readings) {
    if (slot.exact.has(r)) return true;
    for (const p of slot.prefixes) if (r.startsWith(p)) return true;
  }
  return false;
}

/** Where a match of `slots` starting at word `wi` ends (exclusive), or -1. Consumed words cannot match. */
function matchFrom(
  readings: string[][],
  consumed: Uint8Array,
  slots: Slot[],
  si: number,
  wi: number,
): number {
  if (si === slots.length) return wi;
  const slot = slots[si];
  if (slot.type === "end")
    return wi === readings.length ? matchFrom(readings, consumed, slots, si + 1, wi) : -1;
  if (slot.type === "gap") {
    for (let k = 0; k <= slot.max && wi + k <= readings.length; k++) {
      const end = matchFrom(readings, consumed, slots, si + 1, wi + k);
      if (end >= 0) return end;
    }
    return -1;
  }
  if (wi < readings.length && consumed[wi] === 0 && slotMatches(slot, readings[wi])) {
    const end = matchFrom(readings, consumed, slots, si + 1, wi + 1);
    if (end >= 0) return end;
  }
  return slot.optional ? matchFrom(readings, consumed, slots, si + 1, wi) : -1;
}

function anyMatch(
  readings: string[][],
  consumed: Uint8Array,
  { slots, anchor }: Pattern,
  mark: boolean,
): boolean {
  if (anchor && !readings.some((r) => slotMatches(anchor, r))) return false;
  let found = false;
  for (let start = 0; start < readings.length; start++) {
    const end = matchFrom(readings, consumed, slots, 0, start);
    if (end < 0 || end === start) continue;
    if (!mark) return true;
    found = true;
    consumed.fill(1, start, end);
  }
  return found;
}

/** The kinds of crisis a query signals, in a fixed order (suicide, overdose, violence, sexual assault, mental health). */
export function detectCrisis(query: string): CrisisKind[] {
  const words = crisisWords(query);
  if (words.length === 0) return [];
  const readings = readingsOf(words);
  const kinds: CrisisKind[] = [];
  for (const k of compiledPhrases().kinds) {
    const consumed = new Uint8Array(words.length);
    for (const p of k.unless) anyMatch(readings, consumed, p, true);
    if (k.signals.some((p) => anyMatch(readings, consumed, p, false))) kinds.push(k.kind);
  }
  return kinds;
}
