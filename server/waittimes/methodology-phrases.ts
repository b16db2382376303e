/**
 * The words of the divergence brief, in English and French. Each language gives the same parts
 * (field names, what each vocabulary value means, what a difference does to the numbers), so
 * methodology.ts assembles one brief with the same structure in either language.
 */
import type { MethodologyField } from "../../shared/waittimes/schemas.js";

export const BRIEF_LANGS = ["en", "fr"] as const;
export type BriefLang = (typeof BRIEF_LANGS)[number];

export interface BriefPhrases {
  fieldLabel: Record<MethodologyField, string>;
  valueMeaning: Record<string, string>;
  lead(count: number): string;
  differs(label: string, field: MethodologyField, va: string, vb: string, uses: string): string;
  uses(nameA: string, va: string, meaningA: string, nameB: string, vb: string, meaningB: string): string;
  metric: string;
  startOrdered(earlier: string, later: string, earlierName: string): string;
  startOther: string;
  end: string;
  statOrdered(higher: string, higherName: string): string;
  statOther: string;
}

const en: BriefPhrases = {
  fieldLabel: {
    metric_family: "what is measured",
    start_event: "when the clock starts",
    end_event: "when the clock stops",
    statistic_type: "which statistic is published",
  },
  valueMeaning: {
    TIME_TO_PROVIDER: "the wait until a clinician first sees the patient",
    TOTAL_LOS: "the whole stay in the emergency department",
    STRETCHER_OCCUPANCY: "how full the stretchers are, not a waiting time",
    TRIAGE: "at triage",
    REGISTRATION: "at registration, which usually happens before triage",
    DOOR: "at arrival through the door, the earliest possible moment",
    UNKNOWN: "at an undisclosed moment",
    PHYSICIAN: "when a physician sees the patient",
    PROVIDER: "when any authorised provider (physician or nurse practitioner) sees the patient",
    DISCHARGE: "when the patient leaves the department",
    FIRST_ASSESSMENT: "at the first clinical assessment",
    P90: "a 90th percentile, the wait that 9 in 10 patients beat",
    MEDIAN: "a median, the middle patient's wait",
    MEAN: "an average, pulled upward by long waits",
    ROLLING_AVG: "a rolling average over recent hours, which smooths and lags real changes",
    ALGORITHMIC: "a modelled estimate whose formula is the publisher's own",
    POINT_ESTIMATE: "a single current estimate, not a summary of past patients",
  },
  lead: (n) =>
    n === 1
      ? "These figures are not directly comparable because one methodology field differs."
      : `These figures are not directly comparable because ${n} methodology fields differ.`,
  differs: (label, f, va, vb, uses) => `${label} differs (${f}: ${va} vs ${vb}): ${uses}`,
  uses: (na, va, ma, nb, vb, mb) => `${na} uses ${va} (${ma}) and ${nb} uses ${vb} (${mb})`,
  metric: "the two numbers describe different things and must not be set side by side",
  startOrdered: (earlier, later, name) =>
    `a clock that starts at ${earlier.toLowerCase()} counts time a clock starting at ${later.toLowerCase()} does not, so ${name} reads longer for the same patient flow`,
  startOther: "the clocks start at different moments, so the same patient flow yields different times",
  end: "the clocks stop at different moments, so one figure may include time the other leaves out",
  statOrdered: (high, name) =>
    `${high} sits higher in the same distribution, so ${name} looks slower even if waits are identical`,
  statOther:
    "different summaries of the same waits differ in size and in how fast they react, so the gap between the numbers is not the gap between the hospitals",
};

/** French nouns for the ordered start events (the English brief lower-cases the codes instead). */
const START_WORD_FR: Record<string, string> = {
  DOOR: "l'arrivée",
  REGISTRATION: "l'inscription",
  TRIAGE: "le triage",
};

const fr: BriefPhrases = {
  fieldLabel: {
    metric_family: "ce qui est mesuré",
    start_event: "le moment où le chronomètre démarre",
    end_event: "le moment où le chronomètre s'arrête",
    statistic_type: "la statistique publiée",
  },
  valueMeaning: {
    TIME_TO_PROVIDER: "l'attente jusqu'à ce qu'un clinicien voie le patient pour la première fois",
    TOTAL_LOS: "tout le séjour à l'urgence",
    STRETCHER_OCCUPANCY: "le taux d'occupation des civières, pas un temps d'attente",
    TRIAGE: "au triage",
    REGISTRATION: "à l'inscription, qui a souvent lieu avant le triage",
    DOOR: "à l'arrivée à la porte, le moment le plus précoce possible",
    UNKNOWN: "à un moment non précisé",
    PHYSICIAN: "quand un médecin voit le patient",
    PROVIDER: "quand un professionnel autorisé (médecin ou infirmière praticienne) voit le patient",
    DISCHARGE: "quand le patient quitte l'urgence",
    FIRST_ASSESSMENT: "à la première évaluation clinique",
    P90: "un 90e centile, l'attente que 9 patients sur 10 ne dépassent pas",
    MEDIAN: "une médiane, l'attente du patient du milieu",
    MEAN: "une moyenne, tirée vers le haut par les longues attentes",
    ROLLING_AVG:
      "une moyenne mobile sur les dernières heures, qui lisse les changements et les suit avec retard",
    ALGORITHMIC: "une estimation modélisée dont la formule appartient à l'éditeur",
    POINT_ESTIMATE: "une estimation ponctuelle du moment, pas un résumé des patients passés",
  },
  lead: (n) =>
    n === 1
      ? "Ces chiffres ne sont pas directement comparables, car un champ de méthodologie diffère."
      : `Ces chiffres ne sont pas directement comparables, car ${n} champs de méthodologie diffèrent.`,
  differs: (label, f, va, vb, uses) => `${label} diffère (${f} : ${va} contre ${vb}) : ${uses}`,
  uses: (na, va, ma, nb, vb, mb) => `${na} utilise ${va} (${ma}) et ${nb} utilise ${vb} (${mb})`,
  metric: "les deux chiffres décrivent des choses différentes et ne doivent pas être mis côte à côte",
  startOrdered: (earlier, later, name) =>
    `un chronomètre qui démarre dès ${START_WORD_FR[earlier] ?? earlier} compte du temps qu'un chronomètre démarrant dès ${START_WORD_FR[later] ?? later} ne compte pas, donc ${name} affiche plus long pour le même flot de patients`,
  startOther:
    "les chronomètres démarrent à des moments différents, donc le même flot de patients donne des temps différents",
  end: "les chronomètres s'arrêtent à des moments différents, donc un chiffre peut inclure du temps que l'autre exclut",
  statOrdered: (high, name) =>
    `${high} se situe plus haut dans la même distribution, donc ${name} paraît plus lent même à attentes identiques`,
  statOther:
    "des résumés différents des mêmes attentes n'ont ni la même taille ni la même réactivité, donc l'écart entre les chiffres n'est pas l'écart entre les hôpitaux",
};

export const BRIEF_PHRASES: Record<BriefLang, BriefPhrases> = { en, fr };
