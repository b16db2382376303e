/**
 * The words of the divergence brief, in English and French. Both languages give the same parts
 * (field names, what each methodology value means, what a difference does to the numbers), so
 * compare.ts assembles one brief with the same structure in either language. Readers see words
 * only: the API's codes (TRIAGE, ROLLING_AVG, start_event…) stay in the structured fields.
 */
import type { MethodologyField } from "./schemas.js";

export const BRIEF_LANGS = ["en", "fr"] as const;
export type BriefLang = (typeof BRIEF_LANGS)[number];

export interface BriefPhrases {
  /** Sentence-initial name of each field ("When the clock starts"). */
  fieldLabel: Record<MethodologyField, string>;
  /** What a hospital does with the field ("starts the clock"), followed by the value's meaning. */
  fieldVerb: Record<MethodologyField, string>;
  /** Each methodology value in words, as it reads after the field's verb. */
  valueMeaning: Record<string, string>;
  lead(count: number): string;
  /** The one sentence a comparison page leads with, for the most basic field that differs. */
  headline: Record<MethodologyField, string>;
  differs(label: string, nameA: string, uses: string, nameB: string, usesB: string): string;
  metric: string;
  startOrdered(earlier: string, later: string, earlierName: string): string;
  startOther: string;
  end: string;
  statOrdered(higher: string, lower: string, higherName: string): string;
  statOther: string;
}

/** Start events in the order a patient meets them (an earlier start counts more of the wait). */
export const START_ORDER: Record<string, number> = { DOOR: 0, REGISTRATION: 1, TRIAGE: 2 };
/** Statistics by where they sit in one distribution of waits (higher sits higher). */
export const STAT_LEVEL: Record<string, number> = { MEDIAN: 1, MEAN: 2, P90: 3 };

const START_WORD_EN: Record<string, string> = {
  DOOR: "arrival",
  REGISTRATION: "registration",
  TRIAGE: "triage",
};
const STAT_WORD_EN: Record<string, string> = {
  MEDIAN: "a median",
  MEAN: "an average",
  P90: "a 90th percentile",
};

const en: BriefPhrases = {
  fieldLabel: {
    metric_family: "What is measured",
    start_event: "When the clock starts",
    end_event: "When the clock stops",
    statistic_type: "Which statistic is published",
  },
  fieldVerb: {
    metric_family: "measures",
    start_event: "starts the clock",
    end_event: "stops the clock",
    statistic_type: "publishes",
  },
  valueMeaning: {
    TIME_TO_PROVIDER: "the wait until a clinician first sees the patient",
    TOTAL_LOS: "the whole stay in the emergency department",
    STRETCHER_OCCUPANCY: "how full the stretchers are (not a waiting time)",
    TRIAGE: "at triage",
    REGISTRATION: "at registration (usually before triage)",
    DOOR: "at arrival through the door (the earliest possible moment)",
    UNKNOWN: "at a moment it does not disclose",
    PHYSICIAN: "when a physician sees the patient",
    PROVIDER: "when a physician or nurse practitioner sees the patient",
    DISCHARGE: "when the patient leaves the department",
    FIRST_ASSESSMENT: "at the first clinical assessment",
    P90: "a 90th percentile (the wait that 9 in 10 patients beat)",
    MEDIAN: "a median (the middle patient's wait)",
    MEAN: "an average (pulled upward by long waits)",
    ROLLING_AVG: "a rolling average over recent hours (which smooths and lags real changes)",
    ALGORITHMIC: "a modelled estimate (by the publisher's own formula)",
    POINT_ESTIMATE: "a single current estimate (not a summary of past patients)",
  },
  lead: (n) =>
    n === 1
      ? "These figures are not directly comparable because one methodology field differs."
      : `These figures are not directly comparable because ${n} methodology fields differ.`,
  headline: {
    metric_family: "Not comparable: they measure different things.",
    start_event: "Not comparable: they start the clock at different moments.",
    end_event: "Not comparable: they stop the clock at different moments.",
    statistic_type: "Not comparable: they publish different statistics.",
  },
  differs: (label, na, ua, nb, ub) => `${label} differs: ${na} ${ua}; ${nb} ${ub}.`,
  metric: "The two numbers describe different things and must not be set side by side",
  startOrdered: (earlier, later, name) =>
    `A clock that starts at ${START_WORD_EN[earlier]} counts time that a clock starting at ${START_WORD_EN[later]} does not, so ${name} reads longer for the same patient flow`,
  startOther: "The clocks start at different moments, so the same patient flow yields different times",
  end: "The clocks stop at different moments, so one figure may include time the other leaves out",
  statOrdered: (high, low, name) =>
    `${capitalize(STAT_WORD_EN[high])} sits higher in the same distribution than ${STAT_WORD_EN[low]}, so ${name} looks slower even if waits are identical`,
  statOther:
    "Different summaries of the same waits differ in size and in how fast they react, so the gap between the numbers is not the gap between the hospitals",
};

const START_WORD_FR: Record<string, string> = {
  DOOR: "l’arrivée",
  REGISTRATION: "l’inscription",
  TRIAGE: "le triage",
};
const STAT_WORD_FR: Record<string, string> = {
  MEDIAN: "une médiane",
  MEAN: "une moyenne",
  P90: "un 90e centile",
};

const fr: BriefPhrases = {
  fieldLabel: {
    metric_family: "Ce qui est mesuré",
    start_event: "Le moment où le chronomètre démarre",
    end_event: "Le moment où le chronomètre s’arrête",
    statistic_type: "La statistique publiée",
  },
  fieldVerb: {
    metric_family: "mesure",
    start_event: "démarre le chronomètre",
    end_event: "arrête le chronomètre",
    statistic_type: "publie",
  },
  valueMeaning: {
    TIME_TO_PROVIDER: "l’attente jusqu’à ce qu’un clinicien voie le patient pour la première fois",
    TOTAL_LOS: "tout le séjour à l’urgence",
    STRETCHER_OCCUPANCY: "le taux d’occupation des civières (pas un temps d’attente)",
    TRIAGE: "au triage",
    REGISTRATION: "à l’inscription (souvent avant le triage)",
    DOOR: "à l’arrivée à la porte (le moment le plus précoce possible)",
    UNKNOWN: "à un moment qu’il ne précise pas",
    PHYSICIAN: "quand un médecin voit le patient",
    PROVIDER: "quand un médecin ou une infirmière praticienne voit le patient",
    DISCHARGE: "quand le patient quitte l’urgence",
    FIRST_ASSESSMENT: "à la première évaluation clinique",
    P90: "un 90e centile (l’attente que 9 patients sur 10 ne dépassent pas)",
    MEDIAN: "une médiane (l’attente du patient du milieu)",
    MEAN: "une moyenne (tirée vers le haut par les longues attentes)",
    ROLLING_AVG:
      "une moyenne mobile sur les dernières heures (qui lisse les changements et les suit avec retard)",
    ALGORITHMIC: "une estimation modélisée (selon une formule propre à l’éditeur)",
    POINT_ESTIMATE: "une estimation ponctuelle du moment (pas un résumé des patients passés)",
  },
  lead: (n) =>
    n === 1
      ? "Ces chiffres ne sont pas directement comparables, car un champ de méthodologie diffère."
      : `Ces chiffres ne sont pas directement comparables, car ${n} champs de méthodologie diffèrent.`,
  headline: {
    metric_family: "Pas comparables\u00a0: ces hôpitaux ne mesurent pas la même chose.",
    start_event: "Pas comparables\u00a0: ces hôpitaux ne démarrent pas le chronomètre au même moment.",
    end_event: "Pas comparables\u00a0: ces hôpitaux n’arrêtent pas le chronomètre au même moment.",
    statistic_type: "Pas comparables\u00a0: ces hôpitaux ne publient pas la même statistique.",
  },
  differs: (label, na, ua, nb, ub) => `${label} diffère\u00a0: ${na} ${ua}\u00a0; ${nb} ${ub}.`,
  metric: "Les deux chiffres décrivent des choses différentes et ne doivent pas être mis côte à côte",
  startOrdered: (earlier, later, name) =>
    `Un chronomètre qui démarre dès ${START_WORD_FR[earlier]} compte du temps qu’un chronomètre démarrant dès ${START_WORD_FR[later]} ne compte pas, donc ${name} affiche plus long pour le même flot de patients`,
  startOther:
    "Les chronomètres démarrent à des moments différents, donc le même flot de patients donne des temps différents",
  end: "Les chronomètres s’arrêtent à des moments différents, donc un chiffre peut inclure du temps que l’autre exclut",
  statOrdered: (high, low, name) =>
    `${capitalize(STAT_WORD_FR[high])} se situe plus haut dans la même distribution qu’${STAT_WORD_FR[low]}, donc ${name} paraît plus lent même à attentes identiques`,
  statOther:
    "Des résumés différents des mêmes attentes n’ont ni la même taille ni la même réactivité, donc l’écart entre les chiffres n’est pas l’écart entre les hôpitaux",
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const BRIEF_PHRASES: Record<BriefLang, BriefPhrases> = { en, fr };
