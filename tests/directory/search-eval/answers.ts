/**
 * What counts as an acceptable answer to a need, written as rules over a service's own fields
 * (category, name, description, tags, id) rather than as expected ranks: a need is a hit when any
 * of the top three results satisfies any of its rules. The rules describe kinds of help ("a
 * suicide or emotional support line", "a tenancy or legal clinic"), so they keep holding when
 * services are added to the directory.
 */
import type { Category, DirectoryService } from "../../../shared/directory/index.js";

export interface AnswerRule {
  /** Any service in one of these categories. */
  categories?: Category[];
  /** Matched against the English and French names. */
  name?: RegExp;
  /** Matched against the English description. */
  describes?: RegExp;
  /** Matched against each tag. */
  tag?: RegExp;
  /** Only together with another test: the service must also be in one of these categories. */
  within?: Category[];
  ids?: string[];
}

const EMOTIONAL_SUPPORT_LINE = /crisis and emotional support line|suicide crisis line/i;
const ABUSE_SUPPORT = /abuse, violence or assault/i;

export const ANSWERS = {
  food: { categories: ["food"] },
  shelter: {
    name: /shelter|in from the cold|dawn house|home base|housing resource|ryandale|interval house|elizabeth fry/i,
  },
  housing: {
    categories: ["housing"],
    name: /landlord|tenant|legal clinic|steps to justice|housing and social services/i,
  },
  /** Suicide and emotional support lines (988, distress centres, text lines, peer lines). */
  suicide: { describes: EMOTIONAL_SUPPORT_LINE, within: ["crisis"] },
  /** An acute mental-health crisis: crisis lines and outreach, or an emergency department. */
  mentalHealthCrisis: {
    describes:
      /crisis and emotional support line|suicide crisis line|emergency department|mental health services/i,
  },
  mentalHealth: {
    describes: /crisis and emotional support line|suicide crisis line|counselling|mental health services/i,
    name: /maltby/i,
  },
  overdose: { describes: /overdose|poison|emergency department|people who use drugs/i },
  addiction: { describes: /withdrawal|substance use|people who use drugs|overdose prevention/i },
  violence: { describes: ABUSE_SUPPORT, name: /dawn house|interval house|elizabeth fry|talk4healing/i },
  sexualAssault: { describes: ABUSE_SUPPORT },
  legal: { categories: ["legal"] },
  income: { categories: ["financial"] },
  employment: { categories: ["employment"], name: /employment|job/i },
  clinic: {
    describes: /health care and health programs|urgent care|emergency department|registered nurse/i,
  },
  emergencyRoom: { describes: /urgent care|emergency department/i },
  dental: { name: /dental|dentaire/i },
  newcomers: { tag: /newcomer|refugee/i, describes: /newcomers|french speakers/i, name: /\b211\b/ },
  youth: {
    describes: /young people|children, youth/i,
    name: /youth|kids|jeunes/i,
  },
  seniors: { describes: /older adults|caregivers/i, name: /senior|elderly|alzheimer|\bVON\b/i },
  disability: {
    describes: /disabilit|autistic/i,
    name: /\bODSP\b|CNIB|march of dimes|community living|ongwanada/i,
  },
  transport: { categories: ["transport"], describes: /transportation help/i },
  household: { name: /vincent de paul|salvation army|restore|habitat|\b211\b/i },
  family: {
    describes: /children, youth and families|pregnancy/i,
    name: /earlyon|children|pregnancy|weller/i,
  },
  lgbtq: { describes: /2SLGBTQI\+/, tag: /2SLGBTQI/ },
  indigenous: { categories: ["indigenous"], describes: /indigenous/i, name: /indigenous|native|métis/i },
  learning: { categories: ["education"], name: /library|literacy/i },
  sexualHealth: { describes: /sexual health|pregnancy/i },
  condition: { describes: /living with a health condition|autistic|palliative/i },
  palliative: { describes: /palliative|caregivers/i },
  vaccine: { describes: /vaccine/i },
  tobacco: { describes: /quit smoking/i },
  generalHelp: { name: /\b211\b/ },
} satisfies Record<string, AnswerRule>;

export type AnswerKey = keyof typeof ANSWERS;

/** Does the service satisfy this rule? Each present test must hold, except that name, description, tag and category are alternatives. */
export function satisfies(service: DirectoryService, rule: AnswerRule): boolean {
  if (rule.within && !rule.within.includes(service.category)) return false;
  if (rule.ids?.includes(service.id)) return true;
  if (rule.categories?.includes(service.category)) return true;
  if (rule.name && (rule.name.test(service.name.en) || rule.name.test(service.name.fr))) return true;
  if (rule.describes?.test(service.description.en)) return true;
  if (rule.tag && service.tags.some((t) => rule.tag?.test(t))) return true;
  return false;
}

export function isAcceptable(service: DirectoryService, answers: readonly AnswerKey[]): boolean {
  return answers.some((key) => satisfies(service, ANSWERS[key]));
}

/** A crisis service, for the safety-critical check: anything the directory files under crisis. */
export function isCrisisService(service: DirectoryService): boolean {
  return service.category === "crisis";
}
