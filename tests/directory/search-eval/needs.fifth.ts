/**
 * The fifth set, written for issue #26 before any change to the ranking in that round and run once
 * blind (see README.md). Half French, weighted to the wording the earlier sets had least of:
 * indirect descriptions of a situation, everyday synonyms, French without accents or in Quebec's
 * spoken forms, and requests that name no service at all.
 */
import { flatten, type Need, type NeedGroup } from "./need.js";

const EN: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: [
      "fridge is empty and payday is next week",
      "kids havent eaten since yesterday",
      "somewhere to get a hot supper",
      "cant afford groceries after rent",
    ],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: [
      "sleeping in my car",
      "got nowhere to stay tonight",
      "my mom kicked me out im 17",
      "bed for tonight downtown",
    ],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: [
      "landlord shut off my heat",
      "got a notice to leave my apartment",
      "mould in my unit and the landlord ignores it",
      "behind on rent two months",
    ],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "i dont see the point of living",
      "thinking of ending it all",
      "everyone would be better off without me",
      "my friend posted a goodbye message",
      "i have pills saved up",
    ],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: [
      "my son is having a breakdown",
      "cant stop shaking and crying",
      "she is talking nonsense and scared",
    ],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: [
      "feeling down for weeks",
      "need someone to talk to about my worries",
      "grieving my dad",
      "i cant sleep from stress",
    ],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: ["friend took too many pills", "he wont wake up after using", "my toddler drank bleach"],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: ["drinking every day and want to stop", "hooked on opioids", "where to get clean needles"],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: [
      "my partner controls all my money and hits me",
      "scared to go home",
      "husband threatens me",
      "need to leave an abusive relationship",
    ],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: ["someone touched me without consent", "i was drugged at a party", "raped last night"],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: [
      "need free legal advice",
      "being sued by a collection agency",
      "custody of my kids",
      "charged with theft",
    ],
  },
  {
    area: "income",
    answers: ["income"],
    needs: [
      "lost my job cant pay bills",
      "apply for welfare",
      "help filling out tax forms",
      "money for disability",
    ],
  },
  {
    area: "employment",
    answers: ["employment"],
    needs: ["help writing a cv", "looking for work", "job training program"],
  },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: ["no family doctor and need a prescription", "see a nurse today", "earache wont go away"],
  },
  {
    area: "dental",
    answers: ["dental"],
    needs: ["tooth hurts really bad", "cheap dentist", "broken tooth no insurance"],
  },
  {
    area: "newcomers",
    answers: ["newcomers"],
    needs: ["just moved to canada", "help for refugees", "english classes for immigrants"],
  },
  { area: "youth", answers: ["youth"], needs: ["programs for teenagers", "my teen is struggling at school"] },
  {
    area: "seniors",
    answers: ["seniors"],
    needs: ["help for my elderly mother at home", "activities for seniors"],
  },
  {
    area: "disability",
    answers: ["disability"],
    needs: ["support for my autistic son", "losing my eyesight", "help for people in wheelchairs"],
  },
  {
    area: "transport",
    answers: ["transport"],
    needs: ["ride to a medical appointment", "cant get to my appointments"],
  },
  {
    area: "clothing-household",
    answers: ["household"],
    needs: ["need a winter coat", "furniture for a new apartment"],
  },
  { area: "family", answers: ["family"], needs: ["pregnant and scared", "parenting help with a newborn"] },
  { area: "lgbtq", answers: ["lgbtq"], needs: ["im gay and need support", "trans youth support"] },
  {
    area: "indigenous",
    answers: ["indigenous"],
    needs: ["first nations health services", "support for inuit"],
  },
  {
    area: "other-health",
    answers: ["condition", "sexualHealth", "vaccine", "tobacco", "palliative"],
    needs: ["get tested for std", "want to stop vaping", "flu shot", "care for my dying father"],
  },
];

const FR: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: [
      "frigo vide et pas d'argent",
      "mes enfants ont faim",
      "repas gratuit ce soir",
      "dépannage alimentaire",
      "pas les moyens de faire l'epicerie",
    ],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: [
      "je dors dans mon auto",
      "nulle part ou dormir",
      "hebergement d'urgence",
      "ma mere m'a mis dehors",
    ],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: [
      "mon proprio veut me mettre dehors",
      "moisissure dans mon appartement",
      "retard de loyer",
      "avis d'eviction",
    ],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "je veux en finir",
      "j'ai envie de mourir",
      "ma vie ne vaut rien",
      "mon ami parle de se tuer",
      "idees noires",
    ],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: ["mon fils fait une crise", "je craque", "crise d'angoisse qui passe pas"],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: [
      "je file pas depuis des semaines",
      "besoin de parler a quelqu'un",
      "deuil de ma mere",
      "epuisement",
    ],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: ["il a pris trop de pilules", "mon enfant a avale des medicaments", "intoxication"],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: ["je bois trop", "arreter la drogue", "dependance aux jeux"],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: ["mon conjoint me frappe", "peur de rentrer chez moi", "violence a la maison", "il me menace"],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: ["on m'a touchee sans mon consentement", "viol", "j'ai ete drogue dans un bar"],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: ["avocat gratuit", "garde des enfants", "conseils juridiques gratuits", "accuse de vol"],
  },
  {
    area: "income",
    answers: ["income"],
    needs: [
      "j'ai perdu ma job",
      "bien-etre social",
      "aide pour les impots",
      "pas d'argent pour payer mes factures",
    ],
  },
  {
    area: "employment",
    answers: ["employment"],
    needs: ["chercher un emploi", "faire mon cv", "formation emploi"],
  },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: ["pas de medecin de famille", "voir une infirmiere", "mal d'oreille", "clinique sans rendez vous"],
  },
  { area: "dental", answers: ["dental"], needs: ["mal aux dents", "dentiste pas cher"] },
  {
    area: "newcomers",
    answers: ["newcomers"],
    needs: ["nouvel arrivant", "aide aux refugies", "cours d'anglais pour immigrants"],
  },
  { area: "youth", answers: ["youth"], needs: ["activites pour ados", "mon ado va mal"] },
  { area: "seniors", answers: ["seniors"], needs: ["aide pour ma mere agee", "activites pour aines"] },
  { area: "disability", answers: ["disability"], needs: ["mon fils est autiste", "perte de vision"] },
  { area: "transport", answers: ["transport"], needs: ["transport pour rendez-vous medical"] },
  {
    area: "clothing-household",
    answers: ["household"],
    needs: ["besoin d'un manteau d'hiver", "meubles gratuits"],
  },
  { area: "family", answers: ["family"], needs: ["enceinte et inquiete", "aide aux parents"] },
  { area: "lgbtq", answers: ["lgbtq"], needs: ["je suis gai et j'ai besoin de soutien", "jeunes trans"] },
  {
    area: "indigenous",
    answers: ["indigenous"],
    needs: ["services pour autochtones", "premieres nations sante"],
  },
  {
    area: "other-health",
    answers: ["condition", "sexualHealth", "vaccine", "tobacco", "palliative"],
    needs: ["test ITS", "arreter de vapoter", "vaccin grippe", "soins palliatifs pour mon pere"],
  },
];

export const NEEDS_FIFTH: Need[] = [...flatten("en", EN, false), ...flatten("fr", FR, false)];
