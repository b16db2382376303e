/**
 * Reads a directory phone line the way a person would, for the server (partner writes, imports,
 * duplicate detection) and the offline app (links) alike. libphonenumber-js parses and validates
 * full numbers; what it does not cover is written here on purpose and kept small:
 * - N11 codes and 988 (211, 811, 911, 988) are dialled as they are: `tel:988`.
 * - Star and pound codes (#SAFE, *677) work from mobile phones only and a `tel:` link cannot carry
 *   them reliably (`#` ends a URL), so they get words, not a link.
 * - Canadian common short codes (5 or 6 digits, e.g. 686868) take text messages only: `sms:`.
 * - A line that says "text"/"SMS"/"texto" (in the number or its label) is a text line.
 * Letters on a number (1-866-TALK, #SAFE) are read as the keypad's digits.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

export type PhoneReading =
  /** A full number: E.164 for dialling, an extension (digits, and as written) when one is given. */
  | { kind: "dial"; e164: string; extension: string | null; extensionText: string | null; href: string }
  /** A three-digit code dialled as is from any phone in Canada (211, 811, 911, 988). */
  | { kind: "short"; code: string; href: string }
  /** A star or pound code that works from a mobile phone only; no link. */
  | { kind: "mobile"; code: string; digits: string }
  /** A number that takes text messages (a short code or a full number). */
  | { kind: "text"; code: string; href: string }
  /** Not a number anyone can dial or text. */
  | { kind: "invalid" };

const KEYPAD: Record<string, string> = {};
for (const [digit, letters] of Object.entries({
  2: "abc",
  3: "def",
  4: "ghi",
  5: "jkl",
  6: "mno",
  7: "pqrs",
  8: "tuv",
  9: "wxyz",
}))
  for (const letter of letters) KEYPAD[letter] = digit;

/** Letters as the keypad digits they stand for ("1-866-TALK" → "1-866-8255"). */
export function keypadDigits(text: string): string {
  return text.replace(/[a-z]/gi, (c) => KEYPAD[c.toLowerCase()] ?? c);
}

const TEXT_WORD = /\b(text|sms|texto|texte|textez)\b/i;
const EXTENSION = /[,;]?\s*(?<![a-z])(?:extension|ext\.?|x|poste|p\.)\s*(\d[\d\s-]*)$/i;
const N11 = /^(?:[2-9]11|988)$/;

/** The number as written before its extension ("613-549-1232, ext. 1218" → "613-549-1232"). */
export function withoutExtension(number: string): string {
  const ext = EXTENSION.exec(number);
  return (ext ? number.slice(0, ext.index) : number).trim();
}

function fullNumber(
  text: string,
): { e164: string; extension: string | null; extensionText: string | null } | null {
  const ext = EXTENSION.exec(text);
  const main = ext ? text.slice(0, ext.index) : text;
  // Vanity letters only where the number has digits of its own (not "call us").
  if ((main.match(/\d/g)?.length ?? 0) < 3) return null;
  const parsed = parsePhoneNumberFromString(keypadDigits(main), "CA");
  if (!parsed?.isValid()) return null;
  const written = ext ? ext[1].trim() : null;
  return { e164: parsed.number, extension: written?.replace(/\D/g, "") ?? null, extensionText: written };
}

/** What a phone line is and how to reach it; `label` may say it is a text line ("SMS"). */
export function readPhone(number: string, label: string | null = null): PhoneReading {
  const raw = number.trim();
  const texting = TEXT_WORD.test(raw) || (label !== null && TEXT_WORD.test(label));
  const bare = raw
    .replace(TEXT_WORD, "")
    .replace(/^[\s:]+/, "")
    .trim();
  if (/^[#*][\dA-Za-z]{2,10}$/.test(bare)) {
    return { kind: "mobile", code: bare, digits: keypadDigits(bare).toUpperCase() };
  }
  const compact = bare.replace(/[\s().-]/g, "");
  if (N11.test(compact)) {
    return texting
      ? { kind: "text", code: compact, href: `sms:${compact}` }
      : { kind: "short", code: compact, href: `tel:${compact}` };
  }
  if (/^\d{5,6}$/.test(compact)) return { kind: "text", code: compact, href: `sms:${compact}` };
  const full = fullNumber(bare);
  if (!full) return { kind: "invalid" };
  if (texting) return { kind: "text", code: full.e164, href: `sms:${full.e164}` };
  const href = `tel:${full.e164}${full.extension ? `;ext=${full.extension}` : ""}`;
  return { kind: "dial", ...full, href };
}

const TOLL_FREE = /^(800|833|844|855|866|877|888)$/;

/** An E.164 number as people in Canada write it: 613-549-1232, toll-free 1-800-668-6868. */
export function formatNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  if (parsed.countryCallingCode !== "1" || parsed.nationalNumber.length !== 10)
    return parsed.formatInternational();
  const n = parsed.nationalNumber;
  const area = n.slice(0, 3);
  return `${TOLL_FREE.test(area) ? "1-" : ""}${area}-${n.slice(3, 6)}-${n.slice(6)}`;
}

/** A dialable line for reading: the number, then ", ext. 1218" (", poste 1218") as the source wrote it. */
export function formatPhone(reading: Extract<PhoneReading, { kind: "dial" }>, locale: "en" | "fr"): string {
  const main = formatNumber(reading.e164);
  if (!reading.extension) return main;
  return `${main}, ${locale === "fr" ? "poste" : "ext."} ${reading.extensionText ?? reading.extension}`;
}

/**
 * A key two lines share only when they reach the same place: E.164 plus extension, the short code,
 * or the folded text when the line cannot be read (used by duplicate detection).
 */
export function phoneKey(number: string, label: string | null = null): string {
  const r = readPhone(number, label);
  switch (r.kind) {
    case "dial":
      return r.extension ? `${r.e164};ext=${r.extension}` : r.e164;
    case "short":
      return r.code;
    case "mobile":
      return r.digits;
    case "text":
      return `sms:${r.code}`;
    default:
      return `raw:${number.replace(/\s+/g, " ").trim().toLowerCase()}`;
  }
}

/** What a phone line must be, for messages naming the field. */
export const READABLE_PHONE =
  "a number with its area code (613-549-1232, ext. 1218 or 1-800-668-6868), a short code (211, 988, #SAFE) or a text line (text 686868)";

/** Positions of the lines nobody could dial or text, in order. */
export function unreadablePhones(phones: ReadonlyArray<{ number: string; label: string | null }>): number[] {
  return phones.flatMap((p, i) => (readPhone(p.number, p.label).kind === "invalid" ? [i] : []));
}
