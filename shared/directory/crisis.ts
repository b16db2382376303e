/**
 * Crisis detection shared by the ranking, the server and the offline app: which kinds of danger a
 * query signals (see crisis-phrases.ts). It reads word order and the small words that the search
 * tokens drop ("not", "me", "pas"), so "don't want to be here anymore" signals and "end of lease"
 * does not. A long crisis word one typo away ("sucidal", "surdoze") still counts. So do words run
 * together ("killmyself", "wanttodie") and a short word missing a letter ("kil myself"), but only
 * where another word of the phrase confirms them: such a reading never signals alone, so "rap" is
 * not read as "rape", nor "therapist" as "the rapist".
 */
import { boundedEditDistance, foldAccents } from "../text/index.js";
import { CRISIS_PHRASES, type CrisisKind } from "./crisis-phrases.js";
import { CONCEPTS } from "./vocabulary.js";

export { type CrisisKind, isLineKind, type LineKind } from "./crisis-phrases.js";

type Slot =
  | { type: "word"; exact: Set<string>; prefixes: string[]; optional: boolean }
  | { type: "gap"; max: number }
  | { type: "end" };

type WordSlot = Extract<Slot, { type: "word" }>;

/** A pattern and the required word every match must contain, checked first (most queries fail there). */
interface Pattern {
  slots: Slot[];
  anchor: WordSlot | null;
  /** Two required words or more: a guessed reading (split or lengthened word) may take part. */
  confirmed: boolean;
}

/**
 * What a word of the query may be read as: the word itself and long crisis words one typo away
 * (`sure`), and readings guessed from a word run together or missing a letter (`guessed`), which
 * only count within a pattern of two required words or more.
 */
interface Reading {
  sure: string[];
  guessed: string[];
}

interface CompiledKind {
  kind: CrisisKind;
  signals: Pattern[];
  unless: Pattern[];
}

const FUZZY_MIN_LENGTH = 6;
/** Words shorter than this are read with a letter added ("kil" → "kill") when a crisis word fits. */
const SHORT_MIN_LENGTH = 3;
const SHORT_MAX_LENGTH = 4;
/** A word run together is read as at most this many ("iwanttodie" → "i want to die"). */
const MAX_PARTS = 4;

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
  return { slots, anchor: required[0] ?? null, confirmed: required.length >= 2 };
}

let compiled: {
  kinds: CompiledKind[];
  fuzzyTargets: string[];
  known: Set<string>;
  /** Every literal word of a signal, and the prefixes of those ending in "*". */
  signalWords: Set<string>;
  signalPrefixes: string[];
  /** Literal signal words of 4 or 5 letters, by the 3 or 4 letters left with one missing. */
  shortened: Map<string, string[]>;
} | null = null;
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
  // So are the words of the wording ruled out: "through" in "breathe through my nose" is not two
  // crisis words run together, or the ruling would miss it.
  for (const k of kinds)
    for (const { slots } of k.unless)
      for (const s of slots) if (s.type === "word") for (const w of s.exact) known.add(w);
  const signalWords = new Set<string>();
  const signalPrefixes = new Set<string>();
  for (const k of kinds)
    for (const { slots } of k.signals)
      for (const s of slots)
        if (s.type === "word") {
          for (const w of s.exact) signalWords.add(w);
          for (const p of s.prefixes) signalPrefixes.add(p);
        }
  const shortened = new Map<string, string[]>();
  for (const w of signalWords) {
    if (w.length < SHORT_MIN_LENGTH + 1 || w.length > SHORT_MAX_LENGTH + 1) continue;
    for (let i = 1; i < w.length; i++) {
      const short = w.slice(0, i) + w.slice(i + 1);
      if (signalWords.has(short)) continue;
      const list = shortened.get(short) ?? [];
      if (!list.includes(w)) list.push(w);
      shortened.set(short, list);
    }
  }
  compiled = {
    kinds,
    fuzzyTargets: [...targets],
    known,
    signalWords,
    signalPrefixes: [...signalPrefixes],
    shortened,
  };
  return compiled;
}

/** Folded words with English contractions kept whole ("don't" → "dont") and apostrophes as breaks. */
export function crisisWords(text: string): string[] {
  return foldAccents(text)
    .replace(/n't\b/g, "nt")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Long crisis words one typo away from `w` (none for a word the vocabulary knows). */
function typoReadings(w: string): string[] {
  const { fuzzyTargets, known } = compiledPhrases();
  if (w.length < FUZZY_MIN_LENGTH || known.has(w)) return [];
  const out: string[] = [];
  for (const t of fuzzyTargets) {
    if (t === w || t[0] !== w[0] || Math.abs(t.length - w.length) > 1) continue;
    if (boundedEditDistance(w, t, 1) <= 1) out.push(t);
  }
  return out;
}

/** A part of a word run together: a signal word, or a short one missing a letter ("kil"). */
function partReadings(part: string): string[] | null {
  const { signalWords, shortened } = compiledPhrases();
  if (signalWords.has(part) && (part.length >= 2 || part === "i" || part === "j")) return [part];
  const longer = shortened.get(part);
  return longer ? [part, ...longer] : null;
}

/**
 * The fewest signal words (2 to MAX_PARTS) a word not known as it stands splits into, each part's
 * readings in order; null when it does not split that way.
 */
function splitReadings(w: string): string[][] | null {
  const best: (string[][] | null)[] = new Array(w.length + 1).fill(null);
  best[0] = [];
  for (let end = 1; end <= w.length; end++) {
    for (let start = 0; start < end; start++) {
      const before = best[start];
      if (!before || before.length >= MAX_PARTS) continue;
      const readings = partReadings(w.slice(start, end));
      if (!readings) continue;
      const candidate = [...before, readings];
      const current = best[end];
      if (!current || candidate.length < current.length) best[end] = candidate;
    }
  }
  const whole = best[w.length];
  return whole && whole.length >= 2 ? whole : null;
}

/**
 * Each word's readings: itself and a long crisis word one typo away; a word that is no word of the
 * phrases nor of the vocabulary may also be several words run together, or a short one missing a
 * letter, read as guesses.
 */
function readingsOf(words: string[]): Reading[] {
  const { known, signalWords, signalPrefixes, shortened } = compiledPhrases();
  const out: Reading[] = [];
  for (const w of words) {
    const typos = typoReadings(w);
    const sure = [w, ...typos];
    const plain =
      known.has(w) || signalWords.has(w) || typos.length > 0 || signalPrefixes.some((p) => w.startsWith(p));
    if (plain) {
      out.push({ sure, guessed: [] });
      continue;
    }
    const split = w.length >= 4 ? splitReadings(w) : null;
    if (split) {
      for (const part of split) out.push({ sure: [], guessed: part });
      continue;
    }
    out.push({ sure, guessed: shortened.get(w) ?? [] });
  }
  return out;
}

function slotMatches(
  slot: { exact: Set<string>; prefixes: string[] },
  reading: Reading,
  guesses: boolean,
): boolean {
  const lists = guesses ? [reading.sure, reading.guessed] : [reading.sure];
  for (const list of lists)
    for (const r of list) {
      if (slot.exact.has(r)) return true;
      for (const p of slot.prefixes) if (r.startsWith(p)) return true;
    }
  return false;
}

/** Where a match of `slots` starting at word `wi` ends (exclusive), or -1. Consumed words cannot match. */
function matchFrom(
  readings: Reading[],
  consumed: Uint8Array,
  slots: Slot[],
  guesses: boolean,
  si: number,
  wi: number,
): number {
  if (si === slots.length) return wi;
  const slot = slots[si];
  if (slot.type === "end")
    return wi === readings.length ? matchFrom(readings, consumed, slots, guesses, si + 1, wi) : -1;
  if (slot.type === "gap") {
    for (let k = 0; k <= slot.max && wi + k <= readings.length; k++) {
      const end = matchFrom(readings, consumed, slots, guesses, si + 1, wi + k);
      if (end >= 0) return end;
    }
    return -1;
  }
  if (wi < readings.length && consumed[wi] === 0 && slotMatches(slot, readings[wi], guesses)) {
    const end = matchFrom(readings, consumed, slots, guesses, si + 1, wi + 1);
    if (end >= 0) return end;
  }
  return slot.optional ? matchFrom(readings, consumed, slots, guesses, si + 1, wi) : -1;
}

function anyMatch(
  readings: Reading[],
  consumed: Uint8Array,
  { slots, anchor, confirmed }: Pattern,
  mark: boolean,
): boolean {
  if (anchor && !readings.some((r) => slotMatches(anchor, r, confirmed))) return false;
  let found = false;
  for (let start = 0; start < readings.length; start++) {
    const end = matchFrom(readings, consumed, slots, confirmed, 0, start);
    if (end < 0 || end === start) continue;
    if (!mark) return true;
    found = true;
    consumed.fill(1, start, end);
  }
  return found;
}

/** The kinds of crisis a query signals, in a fixed order (suicide, overdose, violence, sexual assault, mental health, no shelter tonight). */
export function detectCrisis(query: string): CrisisKind[] {
  const words = crisisWords(query);
  if (words.length === 0) return [];
  const readings = readingsOf(words);
  const kinds: CrisisKind[] = [];
  for (const k of compiledPhrases().kinds) {
    const consumed = new Uint8Array(readings.length);
    for (const p of k.unless) anyMatch(readings, consumed, p, true);
    if (k.signals.some((p) => anyMatch(readings, consumed, p, false))) kinds.push(k.kind);
  }
  return kinds;
}
