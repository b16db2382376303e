// What differs between two versions of a service, field by field, in words a partner can compare
// side by side (a conflict) or read as history. Pure: the caller passes the translation function.
import { diffWordsWithSpace } from "diff";
import type { MessageKey } from "../../i18n/en";
import type { Lang } from "../../i18n/language";
import { exceptionLine, type HoursException } from "../directory/hoursChanges";

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The fields a partner can read and compare, in reading order. */
export const COMPARED_FIELDS = [
  "name",
  "description",
  "category",
  "status",
  "phones",
  "schedule",
  "url",
  "email",
  "eligibility",
  "fees",
  "applicationProcess",
  "documentsRequired",
  "languages",
  "tags",
  "virtual",
  "locations",
  "scope",
  "verificationLevel",
  "lastVerified",
  "searchTerms",
  "synonyms",
  "organizationId",
] as const;

export interface FieldDiff {
  field: string;
  mine: string;
  theirs: string;
}

/** Fields whose value is one of a few codes, and the words for each (the form's, for status). */
const WORDED: Record<string, Record<string, MessageKey>> = {
  status: {
    active: "partner.serviceStatus.active",
    inactive: "partner.serviceStatus.inactive",
    defunct: "partner.serviceStatus.defunct",
  },
  scope: {
    local: "partner.scope.local",
    provincial: "partner.scope.provincial",
    national: "partner.scope.national",
  },
  verificationLevel: {
    L0: "partner.verificationLevel.L0",
    L1: "partner.verificationLevel.L1",
    L2: "partner.verificationLevel.L2",
    L3: "partner.verificationLevel.L3",
  },
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** One field's value as text: lists joined, phones with labels, weekly hours by day, then dated closures. */
export function displayValue(field: string, value: unknown, tr: Translate, lang: Lang): string {
  if (value === null || value === undefined || value === "") return tr("partner.value.none");
  if (typeof value === "boolean") return tr(value ? "partner.value.yes" : "partner.value.no");
  if (field === "category" && typeof value === "string") return tr(`category.${value}` as MessageKey);
  const worded = typeof value === "string" ? WORDED[field]?.[value] : undefined;
  if (worded) return tr(worded);
  if (field === "phones" && Array.isArray(value)) {
    if (value.length === 0) return tr("partner.value.none");
    return value
      .map((p: { number?: string; label?: string | null }) =>
        p.label ? `${p.number} (${p.label})` : `${p.number}`,
      )
      .join("; ");
  }
  if (field === "schedule" && isRecord(value)) {
    const weekly = (value.weekly as Array<{ day: string; opens: string; closes: string }>) ?? [];
    const closures = (value.exceptions as HoursException[] | undefined) ?? [];
    if (weekly.length === 0 && closures.length === 0) return tr("partner.value.none");
    return [
      ...weekly.map((w) => `${tr(`day.${w.day}` as MessageKey)} ${w.opens}–${w.closes}`),
      ...closures.map((e) => exceptionLine(e, lang, tr)),
    ].join("; ");
  }
  if (field === "locations" && Array.isArray(value)) {
    if (value.length === 0) return tr("partner.value.none");
    return value
      .map((l: { name?: string | null; address?: string | null; city?: string | null }) =>
        [l.name, l.address, l.city].filter(Boolean).join(", "),
      )
      .join("; ");
  }
  if (Array.isArray(value)) return value.length ? value.join(", ") : tr("partner.value.none");
  if (isRecord(value) && "en" in value && "fr" in value) {
    const part = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v ?? ""));
    return `EN: ${part(value.en)}\nFR: ${part(value.fr)}`;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The compared fields whose values differ. A field one side does not carry (say, organizationId
 * left out of an edit, which keeps the current one) is not a difference.
 */
export function diffVersions(
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  tr: Translate,
  lang: Lang,
): FieldDiff[] {
  return COMPARED_FIELDS.filter((f) => f in mine && f in theirs && !same(mine[f], theirs[f])).map((f) => ({
    field: f,
    mine: displayValue(f, mine[f], tr, lang),
    theirs: displayValue(f, theirs[f], tr, lang),
  }));
}

export interface TextPart {
  text: string;
  /** True for words found only on this side. */
  changed: boolean;
}

/** Word-level comparison of two renderings of one field, split into what each side shows. */
export function wordChanges(mine: string, theirs: string): { mine: TextPart[]; theirs: TextPart[] } {
  const out = { mine: [] as TextPart[], theirs: [] as TextPart[] };
  for (const part of diffWordsWithSpace(theirs, mine)) {
    if (!part.removed) out.mine.push({ text: part.value, changed: Boolean(part.added) });
    if (!part.added) out.theirs.push({ text: part.value, changed: Boolean(part.removed) });
  }
  return out;
}
