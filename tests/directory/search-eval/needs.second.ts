/**
 * The second set, written after the first round of tuning to see how the ranking does on wording
 * it was not adjusted to. Run once blind (see README.md), then used for tuning. Mostly English.
 */
import { flatten, type Need, type NeedGroup } from "./need.js";

const EN: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: [
      "where do i get food for my family this week",
      "fridge is empty",
      "free supper downtown",
      "grocery help for seniors",
      "need groceries asap",
      "foodbanks kingston",
    ],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: [
      "my mom kicked me out tonight",
      "living in a tent",
      "bed tonight for a man",
      "homeless youth 19",
      "need a warm place to sleep",
      "women's shelter",
    ],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: [
      "landlord is evicting me for no reason",
      "can i be evicted in winter",
      "apartment has bed bugs landlord wont do anything",
      "need help finding a cheaper place to rent",
      "tenant rights ontario",
      "landlord entering without notice",
    ],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "i dont see the point anymore",
      "i want it all to stop",
      "thinking of killing myself",
      "my boyfriend says he wants to end his life",
      "i feel like dying",
      "life is not worth it",
      "i have a plan to end things",
      "suicide hotline",
      "i just want to disappear",
      "nobody would miss me",
    ],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: [
      "my son thinks the tv is talking to him",
      "hearing voices telling me to do things",
      "my husband is having a psychotic episode",
      "someone in my family is out of control and scaring everyone",
      "mental health emergency",
      "crisis team",
    ],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: [
      "cant stop crying",
      "therapist that is free",
      "dealing with depression",
      "my anxiety is really bad",
      "who can i talk to about my problems",
    ],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: [
      "friend wont wake up after taking pills",
      "toddler ate some pills",
      "where to get naloxone",
      "someone overdosing",
      "my brother is turning blue after using",
    ],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: [
      "help with addiction",
      "alcohol problem",
      "my dad is an alcoholic",
      "opioid treatment",
      "need to get clean",
    ],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: [
      "my husband is abusive",
      "boyfriend choked me last night",
      "im afraid to go home",
      "my partner threatened to kill me",
      "need to leave my husband safely with my kids",
      "partner won't let me leave the house",
      "spouse abuse",
    ],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: [
      "i was sexually assaulted last night",
      "my daughter was raped",
      "someone assaulted me sexually",
      "sexual abuse counselling",
      "raped by my ex",
    ],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: [
      "my ex wont let me see my kids",
      "charged with theft",
      "police arrested my son",
      "need a free lawyer",
      "i got a summons",
      "going through a separation",
      "my work permit is expiring",
      "want to sponsor my wife",
      "how to get a pardon",
      "someone is suing me",
      "my boss fired me because im pregnant",
      "i was scammed",
    ],
  },
  {
    area: "income",
    answers: ["income"],
    needs: [
      "need money for rent and food",
      "how to apply for disability support",
      "ei claim",
      "welfare office",
      "i cant afford anything",
    ],
  },
  {
    area: "employment",
    answers: ["employment"],
    needs: ["need work", "resume help", "job fair", "job search help for newcomers", "hiring now"],
  },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: [
      "need a doctor",
      "clinic open today",
      "my kid is sick",
      "nurse practitioner",
      "prescription refill no doctor",
      "cut my hand need stitches",
    ],
  },
  {
    area: "dental",
    answers: ["dental"],
    needs: ["teeth hurt", "cheap dental", "dentist no insurance"],
  },
  {
    area: "newcomers",
    answers: ["newcomers"],
    needs: ["help for immigrants", "refugee support", "new immigrant needs help"],
  },
  {
    area: "youth",
    answers: ["youth"],
    needs: ["programs for kids", "teen help line", "youth centre"],
  },
  {
    area: "seniors",
    answers: ["seniors"],
    needs: ["help for elderly", "activities for seniors", "my grandmother lives alone and needs help"],
  },
  {
    area: "disability",
    answers: ["disability"],
    needs: ["help for disabled people", "autism support", "blind services"],
  },
  {
    area: "transport",
    answers: ["transport"],
    needs: ["free bus", "ride to hospital", "transportation help"],
  },
  {
    area: "clothing-household",
    answers: ["household"],
    needs: ["kids clothes", "need a bed for my apartment", "winter clothing"],
  },
  {
    area: "family",
    answers: ["family"],
    needs: ["help for new parents", "programs for toddlers", "pregnant need support"],
  },
  {
    area: "lgbtq",
    answers: ["lgbtq"],
    needs: ["trans support", "lgbt youth", "gay support group"],
  },
  {
    area: "indigenous",
    answers: ["indigenous"],
    needs: ["first nations support", "indigenous health centre", "native services"],
  },
];

const FR: NeedGroup[] = [
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "je vois plus l'interet de vivre",
      "j'ai envie de me tuer",
      "je pense a mourir",
      "personne va s'ennuyer de moi",
    ],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: ["mon mari est violent", "mon chum m'a etranglee", "j'ai peur de rentrer chez moi"],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: ["j'ai ete agressee sexuellement hier", "ma fille a ete violee"],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: ["mon ami se reveille pas apres des pilules", "ou trouver de la naloxone"],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: ["mon fils pense que la tele lui parle", "urgence sante mentale"],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: [
      "mon ex m'empeche de voir mes enfants",
      "accuse de vol",
      "mon permis de travail expire",
      "avocat gratuit",
    ],
  },
  { area: "food", answers: ["food"], needs: ["frigo vide", "souper gratuit", "besoin d'epicerie"] },
  { area: "shelter", answers: ["shelter"], needs: ["ma mere m'a mis dehors", "besoin d'un lit ce soir"] },
  { area: "housing", answers: ["housing"], needs: ["mon proprio m'expulse", "droits des locataires"] },
  { area: "income", answers: ["income"], needs: ["demande d'assurance emploi", "bureau d'aide sociale"] },
  { area: "health-clinic", answers: ["clinic"], needs: ["besoin d'un medecin", "mon enfant est malade"] },
];

export const NEEDS_SECOND: Need[] = [...flatten("en", EN, false), ...flatten("fr", FR, false)];
