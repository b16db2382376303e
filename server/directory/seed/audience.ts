/**
 * Who a service is for, read from its audience tags (facts) and said in our own words, EN and FR.
 * The first matching rule per group wins; a service may serve several groups.
 */
export interface Audience {
  en: string;
  fr: string;
  concept: string | null;
}

const RULES: Array<[RegExp, Audience]> = [
  [/women/i, { en: "women", fr: "les femmes", concept: null }],
  [
    /youth|young|children|kids|families \(0-6\)|student/i,
    { en: "young people", fr: "les jeunes", concept: "youth" },
  ],
  [/\bmen\b/i, { en: "men", fr: "les hommes", concept: null }],
  [/indigenous|métis|metis/i, { en: "Indigenous people", fr: "les Autochtones", concept: "indigenous" }],
  [
    /lgbtq|trans-led|transgender|\btrans\b/i,
    { en: "2SLGBTQI+ people", fr: "les personnes 2SLGBTQI+", concept: "lgbtq" },
  ],
  [/senior/i, { en: "older adults", fr: "les aînés", concept: "seniors" }],
  [
    /low income|financial need|poverty/i,
    { en: "people with low income", fr: "les personnes à faible revenu", concept: "money" },
  ],
  [
    /newcomer|refugee/i,
    { en: "newcomers and refugees", fr: "les nouveaux arrivants et les réfugiés", concept: "newcomers" },
  ],
  [/disability/i, { en: "people with disabilities", fr: "les personnes handicapées", concept: "disability" }],
  [
    /veteran|military|first responder/i,
    {
      en: "military members, veterans and first responders",
      fr: "les militaires, vétérans et premiers répondants",
      concept: "veterans",
    },
  ],
  [
    /homeless|housing risk/i,
    { en: "people without stable housing", fr: "les personnes sans logement stable", concept: "shelter" },
  ],
  [
    /harm reduction/i,
    { en: "people who use drugs", fr: "les personnes qui consomment des drogues", concept: "substance" },
  ],
  [/francophone/i, { en: "French speakers", fr: "les francophones", concept: null }],
  [
    /crime victims|survivors/i,
    {
      en: "survivors and victims of crime",
      fr: "les survivants et les victimes d'actes criminels",
      concept: "violence",
    },
  ],
];

export function audiencesFor(tags: string[]): Audience[] {
  const out: Audience[] = [];
  for (const [pattern, audience] of RULES) {
    if (tags.some((t) => pattern.test(t)) && !out.includes(audience)) out.push(audience);
  }
  return out.slice(0, 2);
}
