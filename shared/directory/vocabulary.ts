/**
 * The needs vocabulary, in English and French. People type needs ("I can't pay my rent",
 * "j'ai faim"), not categories: each concept ties everyday wording to directory categories and
 * to search terms. `terms` are words or short phrases that also act as synonyms across the two
 * languages; `needs` are phrasings whose content words must all appear in the query (any order).
 * Concepts flagged `crisis` put crisis lines first.
 */
import type { Category } from "./types.js";

export interface Concept {
  id: string;
  categories: Category[];
  crisis?: boolean;
  terms: { en: string[]; fr: string[] };
  needs: { en: string[]; fr: string[] };
}

export const CONCEPTS: Concept[] = [
  {
    id: "suicide",
    categories: ["crisis"],
    crisis: true,
    terms: {
      en: ["suicide", "suicidal", "crisis line", "self harm", "hopeless"],
      fr: ["suicide", "suicidaire", "ligne de crise", "automutilation", "désespoir"],
    },
    needs: {
      en: [
        "want to die",
        "kill myself",
        "end my life",
        "end it all",
        "no reason to live",
        "hurt myself",
        "cutting myself",
      ],
      fr: ["envie de mourir", "veux mourir", "me tuer", "me suicider", "en finir", "me faire du mal"],
    },
  },
  {
    id: "overdose",
    categories: ["crisis", "health"],
    crisis: true,
    terms: {
      en: ["overdose", "naloxone", "poisoning", "poison", "spotting"],
      fr: ["surdose", "naloxone", "intoxication", "empoisonnement", "poison"],
    },
    needs: {
      en: ["took too many pills", "not breathing", "swallowed", "using alone"],
      fr: ["trop de pilules", "respire plus", "avalé", "consommer seul"],
    },
  },
  {
    id: "violence",
    categories: ["crisis", "housing", "legal"],
    crisis: true,
    terms: {
      en: ["abuse", "violence", "domestic violence", "assault", "sexual assault", "abused", "rape", "unsafe"],
      fr: [
        "violence",
        "violence conjugale",
        "agression",
        "agression sexuelle",
        "abus",
        "maltraitance",
        "viol",
      ],
    },
    needs: {
      en: [
        "partner hurts",
        "partner hits",
        "husband hits",
        "boyfriend hit",
        "afraid of my partner",
        "not safe at home",
        "hits me",
        "beats me",
        "was raped",
      ],
      fr: [
        "conjoint me frappe",
        "mari me bat",
        "me frappe",
        "pas en sécurité",
        "peur de mon conjoint",
        "été violée",
        "me bat",
      ],
    },
  },
  {
    id: "distress",
    categories: ["crisis", "health", "wellness"],
    terms: {
      en: [
        "mental health",
        "anxiety",
        "depression",
        "stress",
        "counselling",
        "therapy",
        "lonely",
        "sad",
        "support line",
        "panic",
        "talk to someone",
      ],
      fr: [
        "santé mentale",
        "anxiété",
        "dépression",
        "stress",
        "counseling",
        "thérapie",
        "seul",
        "triste",
        "ligne d'écoute",
        "panique",
        "parler à quelqu'un",
      ],
    },
    needs: {
      en: [
        "need to talk",
        "someone to talk",
        "feel depressed",
        "so anxious",
        "feel alone",
        "feeling down",
        "can't cope",
        "overwhelmed",
      ],
      fr: [
        "besoin de parler",
        "quelqu'un à qui parler",
        "me sens seul",
        "me sens seule",
        "suis triste",
        "déprimé",
        "angoisse",
      ],
    },
  },
  {
    id: "food",
    categories: ["food"],
    terms: {
      en: [
        "food",
        "groceries",
        "hungry",
        "hunger",
        "meal",
        "food bank",
        "pantry",
        "hamper",
        "lunch",
        "dinner",
        "breakfast",
      ],
      fr: [
        "nourriture",
        "épicerie",
        "faim",
        "repas",
        "banque alimentaire",
        "dépannage alimentaire",
        "manger",
        "dîner",
        "souper",
      ],
    },
    needs: {
      en: ["can't afford food", "nothing to eat", "kids are hungry", "no food", "need to eat", "free meal"],
      fr: ["j'ai faim", "rien à manger", "pas de nourriture", "quoi manger", "repas gratuit"],
    },
  },
  {
    id: "shelter",
    categories: ["housing", "crisis"],
    terms: {
      en: ["shelter", "homeless", "emergency shelter", "bed for the night", "street", "warming centre"],
      fr: [
        "hébergement",
        "refuge",
        "sans-abri",
        "itinérance",
        "abri",
        "halte-chaleur",
        "hébergement d'urgence",
      ],
    },
    needs: {
      en: [
        "nowhere to sleep",
        "place to sleep",
        "kicked out",
        "sleeping outside",
        "lost my home",
        "live on the street",
      ],
      fr: [
        "nulle part où dormir",
        "où dormir",
        "à la rue",
        "mis dehors",
        "dormir dehors",
        "perdu mon logement",
      ],
    },
  },
  {
    id: "housing",
    categories: ["housing", "legal", "financial"],
    terms: {
      en: [
        "rent",
        "housing",
        "landlord",
        "tenant",
        "eviction",
        "apartment",
        "affordable housing",
        "subsidized housing",
      ],
      fr: [
        "loyer",
        "logement",
        "propriétaire",
        "locataire",
        "expulsion",
        "appartement",
        "logement abordable",
        "logement social",
      ],
    },
    needs: {
      en: [
        "can't pay rent",
        "pay my rent",
        "behind on rent",
        "being evicted",
        "find an apartment",
        "place to live",
      ],
      fr: [
        "payer mon loyer",
        "payer le loyer",
        "retard de loyer",
        "être expulsé",
        "trouver un appartement",
        "trouver un logement",
      ],
    },
  },
  {
    id: "money",
    categories: ["financial"],
    terms: {
      en: [
        "money",
        "income",
        "benefits",
        "social assistance",
        "ontario works",
        "odsp",
        "welfare",
        "pension",
        "employment insurance",
        "tax",
      ],
      fr: [
        "argent",
        "revenu",
        "prestations",
        "aide sociale",
        "ontario au travail",
        "pension",
        "assurance-emploi",
        "impôt",
      ],
    },
    needs: {
      en: ["no money", "can't pay bills", "pay my bills", "lost my income", "apply for benefits"],
      fr: ["pas d'argent", "payer mes factures", "perdu mon revenu", "demander des prestations"],
    },
  },
  {
    id: "legal",
    categories: ["legal"],
    terms: {
      en: ["lawyer", "legal aid", "legal advice", "legal clinic", "court", "rights", "law"],
      fr: [
        "avocat",
        "aide juridique",
        "conseil juridique",
        "clinique juridique",
        "tribunal",
        "droits",
        "loi",
      ],
    },
    needs: {
      en: ["need a lawyer", "going to court", "legal problem", "treated unfairly", "discriminated against"],
      fr: ["besoin d'un avocat", "aller au tribunal", "problème juridique", "victime de discrimination"],
    },
  },
  {
    id: "work",
    categories: ["employment"],
    terms: {
      en: ["job", "employment", "work", "resume", "career", "unemployed", "job search"],
      fr: ["emploi", "travail", "cv", "carrière", "chômage", "recherche d'emploi"],
    },
    needs: {
      en: ["lost my job", "find a job", "find work", "looking for work", "need a job"],
      fr: ["perdu mon emploi", "trouver un emploi", "trouver du travail", "cherche du travail"],
    },
  },
  {
    id: "workplace",
    categories: ["legal", "employment"],
    terms: {
      en: ["workplace injury", "injured at work", "wages", "employment standards", "wsib", "unpaid wages"],
      fr: ["accident de travail", "blessé au travail", "salaire", "normes d'emploi", "salaire impayé"],
    },
    needs: {
      en: ["hurt at work", "boss won't pay", "fired unfairly", "unsafe at work"],
      fr: ["blessé au travail", "patron ne paie pas", "congédié injustement"],
    },
  },
  {
    id: "medical",
    categories: ["health"],
    terms: {
      en: ["doctor", "clinic", "walk-in", "medical", "family doctor", "hospital", "emergency", "urgent care"],
      fr: ["médecin", "clinique", "sans rendez-vous", "médical", "médecin de famille", "hôpital", "urgence"],
    },
    needs: {
      en: [
        "feel sick",
        "i am sick",
        "no family doctor",
        "see a doctor",
        "need a doctor",
        "broken arm",
        "injured",
      ],
      fr: ["suis malade", "pas de médecin", "voir un médecin", "besoin d'un médecin", "blessé"],
    },
  },
  {
    id: "health-advice",
    categories: ["health"],
    terms: {
      en: ["health advice", "nurse line", "health811", "811", "telehealth"],
      fr: ["conseils santé", "ligne infirmière", "info-santé", "811"],
    },
    needs: { en: ["talk to a nurse", "medical advice"], fr: ["parler à une infirmière", "conseil médical"] },
  },
  {
    id: "dental",
    categories: ["health"],
    terms: { en: ["dental", "dentist", "teeth", "tooth"], fr: ["dentaire", "dentiste", "dents", "dent"] },
    needs: { en: ["toothache", "tooth hurts"], fr: ["mal aux dents", "mal de dents"] },
  },
  {
    id: "sexual-health",
    categories: ["health"],
    terms: {
      en: [
        "sexual health",
        "sti",
        "std",
        "contraception",
        "birth control",
        "hiv",
        "testing",
        "pregnancy",
        "pregnant",
      ],
      fr: ["santé sexuelle", "its", "contraception", "vih", "dépistage", "grossesse", "enceinte"],
    },
    needs: { en: ["might be pregnant", "get tested"], fr: ["suis enceinte", "me faire dépister"] },
  },
  {
    id: "substance",
    categories: ["health", "crisis"],
    terms: {
      en: [
        "addiction",
        "drugs",
        "alcohol",
        "detox",
        "withdrawal",
        "harm reduction",
        "needle",
        "gambling",
        "substance use",
      ],
      fr: [
        "dépendance",
        "drogue",
        "alcool",
        "désintoxication",
        "sevrage",
        "réduction des méfaits",
        "seringue",
        "jeu",
      ],
    },
    needs: {
      en: ["drinking too much", "quit drugs", "stop drinking", "clean needles"],
      fr: ["arrêter de boire", "arrêter la drogue", "trop boire"],
    },
  },
  {
    id: "youth",
    categories: ["community", "crisis"],
    terms: {
      en: ["youth", "kids", "teen", "teenager", "children", "young people", "student"],
      fr: ["jeunes", "enfants", "ado", "adolescent", "étudiant"],
    },
    needs: { en: ["i am a teenager", "for my kid"], fr: ["suis ado", "pour mon enfant"] },
  },
  {
    id: "seniors",
    categories: ["community", "health"],
    terms: {
      en: ["seniors", "elderly", "older adults", "aging"],
      fr: ["aînés", "personnes âgées", "vieillissement"],
    },
    needs: { en: ["elderly parent", "older adult abuse"], fr: ["parent âgé"] },
  },
  {
    id: "lgbtq",
    categories: ["community", "crisis", "health"],
    terms: {
      en: ["lgbtq", "2slgbtqi", "trans", "gay", "queer", "gender", "transgender"],
      fr: ["lgbtq", "trans", "gai", "queer", "genre", "transgenre"],
    },
    needs: { en: ["coming out", "gender identity"], fr: ["sortir du placard", "identité de genre"] },
  },
  {
    id: "indigenous",
    categories: ["indigenous", "community"],
    terms: {
      en: ["indigenous", "first nations", "métis", "inuit", "native", "aboriginal"],
      fr: ["autochtone", "premières nations", "métis", "inuit"],
    },
    needs: { en: ["residential school"], fr: ["pensionnat"] },
  },
  {
    id: "newcomers",
    categories: ["community"],
    terms: {
      en: ["newcomer", "immigrant", "refugee", "settlement", "english classes"],
      fr: ["nouvel arrivant", "immigrant", "réfugié", "établissement", "cours de français"],
    },
    needs: { en: ["new to canada", "just arrived"], fr: ["nouveau au canada", "vient d'arriver"] },
  },
  {
    id: "learning",
    categories: ["education", "community"],
    terms: {
      en: ["literacy", "school", "learning", "ged", "upgrading", "library", "tutoring", "computer"],
      fr: ["alphabétisation", "école", "apprentissage", "bibliothèque", "tutorat", "ordinateur"],
    },
    needs: {
      en: ["learn to read", "finish high school", "borrow books"],
      fr: ["apprendre à lire", "finir mon secondaire", "emprunter des livres"],
    },
  },
  {
    id: "transport",
    categories: ["transport"],
    terms: {
      en: ["bus", "transit", "ride", "transportation", "bus pass"],
      fr: ["autobus", "transport", "navette", "laissez-passer"],
    },
    needs: {
      en: ["get to my appointment", "need a ride"],
      fr: ["aller à mon rendez-vous", "besoin d'un transport"],
    },
  },
  {
    id: "disability",
    categories: ["health", "community", "financial"],
    terms: {
      en: ["disability", "wheelchair", "blind", "deaf", "autism", "accessibility", "low vision"],
      fr: ["handicap", "fauteuil roulant", "aveugle", "sourd", "autisme", "accessibilité", "basse vision"],
    },
    needs: {
      en: ["losing my sight", "my child has autism"],
      fr: ["perdre la vue", "mon enfant est autiste"],
    },
  },
  {
    id: "family",
    categories: ["community"],
    terms: {
      en: ["childcare", "parenting", "family", "baby", "early years", "daycare"],
      fr: ["garde d'enfants", "parentalité", "famille", "bébé", "petite enfance", "garderie"],
    },
    needs: { en: ["new parent", "help with my baby"], fr: ["nouveau parent", "aide avec mon bébé"] },
  },
  {
    id: "general-help",
    categories: ["community", "crisis"],
    terms: {
      en: ["information and referral", "211", "helpline", "navigation"],
      fr: ["information et orientation", "211", "ligne d'aide", "orientation"],
    },
    needs: {
      en: ["don't know where to go", "where to find help", "who can help"],
      fr: ["sais pas où aller", "où trouver de l'aide", "qui peut m'aider"],
    },
  },
  {
    id: "recreation",
    categories: ["wellness"],
    terms: {
      en: ["fitness", "gym", "swimming", "pool", "recreation", "sports"],
      fr: ["conditionnement", "gym", "natation", "piscine", "loisirs", "sport"],
    },
    needs: { en: ["go swimming", "stay active"], fr: ["aller nager", "rester actif"] },
  },
  {
    id: "police",
    categories: ["community", "crisis"],
    terms: {
      en: ["police", "report a crime", "victim", "crime"],
      fr: ["police", "signaler un crime", "victime", "crime"],
    },
    needs: { en: ["was robbed", "victim of crime"], fr: ["été volé", "victime d'un crime"] },
  },
  {
    id: "caregiving",
    categories: ["health"],
    terms: {
      en: ["caregiver", "palliative", "hospice", "end of life", "dementia", "alzheimer"],
      fr: ["aidant", "proche aidant", "soins palliatifs", "fin de vie", "démence", "alzheimer"],
    },
    needs: {
      en: ["caring for my mother", "caring for my father", "parent is dying"],
      fr: ["m'occuper de ma mère", "m'occuper de mon père"],
    },
  },
  {
    id: "chronic",
    categories: ["health"],
    terms: {
      en: [
        "cancer",
        "diabetes",
        "heart",
        "stroke",
        "lung",
        "asthma",
        "copd",
        "arthritis",
        "parkinson",
        "multiple sclerosis",
        "eating disorder",
      ],
      fr: [
        "cancer",
        "diabète",
        "coeur",
        "avc",
        "poumon",
        "asthme",
        "arthrite",
        "parkinson",
        "sclérose en plaques",
        "trouble alimentaire",
      ],
    },
    needs: {
      en: ["diagnosed with cancer", "trouble breathing"],
      fr: ["diagnostic de cancer", "difficulté à respirer"],
    },
  },
  {
    id: "tobacco",
    categories: ["health"],
    terms: {
      en: ["quit smoking", "tobacco", "vaping", "smoking"],
      fr: ["cesser de fumer", "tabac", "vapotage", "fumer"],
    },
    needs: { en: ["stop smoking"], fr: ["arrêter de fumer"] },
  },
  {
    id: "veterans",
    categories: ["crisis", "community"],
    terms: {
      en: ["veteran", "military", "armed forces", "first responder"],
      fr: ["vétéran", "ancien combattant", "militaire", "premier répondant"],
    },
    needs: { en: ["military family"], fr: ["famille militaire"] },
  },
  {
    id: "pets",
    categories: ["community"],
    terms: { en: ["pet", "animal", "dog", "cat"], fr: ["animal", "chien", "chat"] },
    needs: { en: ["lost my dog", "adopt a pet"], fr: ["perdu mon chien", "adopter un animal"] },
  },
];

export const CATEGORY_LABELS: Record<Category, { en: string; fr: string }> = {
  crisis: { en: "Crisis", fr: "Crise" },
  food: { en: "Food", fr: "Alimentation" },
  housing: { en: "Housing", fr: "Logement" },
  health: { en: "Health", fr: "Santé" },
  legal: { en: "Legal", fr: "Juridique" },
  financial: { en: "Financial", fr: "Finances" },
  employment: { en: "Employment", fr: "Emploi" },
  education: { en: "Education", fr: "Éducation" },
  community: { en: "Community", fr: "Communauté" },
  wellness: { en: "Wellness", fr: "Mieux-être" },
  indigenous: { en: "Indigenous", fr: "Autochtones" },
  transport: { en: "Transport", fr: "Transport" },
};

export function conceptById(id: string): Concept | undefined {
  return CONCEPTS.find((c) => c.id === id);
}
