/**
 * One need of the evaluation set: what a person typed, the area of help it belongs to, whether it
 * is safety-critical (then a crisis service must show in the top three), and which kinds of
 * service answer it (see answers.ts).
 *
 * Every third need of each language (positions 2, 5, 8…) is held out: the set was written in full
 * before any tuning, and tuning looked only at the other two thirds, so the held-out figure shows
 * how the ranking does on wording it was not adjusted to.
 */
import type { AnswerKey } from "./answers.js";

export type Area =
  | "food"
  | "shelter"
  | "housing"
  | "suicide"
  | "mental-health-crisis"
  | "mental-health"
  | "overdose"
  | "addiction"
  | "domestic-violence"
  | "sexual-assault"
  | "legal"
  | "income"
  | "employment"
  | "health-clinic"
  | "dental"
  | "newcomers"
  | "youth"
  | "seniors"
  | "disability"
  | "transport"
  | "clothing-household"
  | "family"
  | "lgbtq"
  | "indigenous"
  | "other-health";

/** The areas where a person may be in danger: every need there must see a crisis service first. */
export const SAFETY_CRITICAL_AREAS: readonly Area[] = [
  "suicide",
  "mental-health-crisis",
  "overdose",
  "domestic-violence",
  "sexual-assault",
];

export interface Need {
  text: string;
  locale: "en" | "fr";
  area: Area;
  critical: boolean;
  answers: AnswerKey[];
  heldOut: boolean;
}

/** A need written as plain text (answered by the group's answers) or with its own answers. */
export type NeedEntry = string | [text: string, answers: AnswerKey[]];

export interface NeedGroup {
  area: Area;
  answers: AnswerKey[];
  needs: NeedEntry[];
}

/** The needs of `groups`, every third one held out unless `holdOut` is false (the later sets). */
export function flatten(locale: "en" | "fr", groups: NeedGroup[], holdOut = true): Need[] {
  const out: Need[] = [];
  for (const g of groups) {
    for (const entry of g.needs) {
      const [text, answers] = typeof entry === "string" ? [entry, g.answers] : entry;
      out.push({
        text,
        locale,
        area: g.area,
        critical: SAFETY_CRITICAL_AREAS.includes(g.area),
        answers,
        heldOut: holdOut && out.length % 3 === 2,
      });
    }
  }
  return out;
}
