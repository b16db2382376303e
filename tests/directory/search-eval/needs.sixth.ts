/**
 * The sixth set, written for issue #26 after the fifth set's round and run once blind (see
 * README.md). Wording the other sets had little of: whole sentences about a situation, typos and
 * texting spelling, euphemisms, a helper writing about someone else, and French as typed on a phone.
 */
import { flatten, type Need, type NeedGroup } from "./need.js";

const EN: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: [
      "we ran out of food and my cheque doesnt come till the 20th",
      "where can i eat for free tonite",
      "groceries are too expensive cant feed my kids",
    ],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: [
      "my daughter is couch surfing and has nowhere left",
      "sleeping outside since last week",
      "need a warm place to sleep",
    ],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: [
      "landlord changed the locks while i was out",
      "rent went up too much cant afford it",
      "bugs in my apartment landlord wont do anything",
    ],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "i keep thinking about not waking up",
      "i wrote a note",
      "my brother said he wants to disappear forever",
      "no reason to keep going",
    ],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: [
      "my husband thinks people are watching him through the walls",
      "she hasnt slept in days and is talking really fast",
      "my mom is screaming and throwing things",
    ],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: ["always nervous and cant relax", "my anxiety is out of control", "i feel empty all the time"],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: [
      "he's turning blue",
      "took something and cant breathe right",
      "swallowed a whole bottle of tylenol",
    ],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: ["cant stop using meth", "my dad is an alcoholic", "i gamble all my paycheque"],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: [
      "he checks my phone and wont let me leave the house",
      "my girlfriend hits me when shes drunk",
      "hiding from my ex",
    ],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: [
      "my stepdad does things to me at night",
      "forced to have sex by my date",
      "a coworker assaulted me",
    ],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: ["i got a court summons", "need a lawyer but cant afford one", "my ex wont let me see my kids"],
  },
  {
    area: "income",
    answers: ["income"],
    needs: ["how do i get ei", "cant pay my hydro bill", "help with my taxes for free"],
  },
  {
    area: "employment",
    answers: ["employment"],
    needs: ["i need a job asap", "help finding work after prison"],
  },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: ["i think i broke my wrist", "need stitches", "where can i see a doctor without a health card"],
  },
  { area: "dental", answers: ["dental"], needs: ["my gums are bleeding", "free dental for kids"] },
  {
    area: "newcomers",
    answers: ["newcomers"],
    needs: ["i dont speak english well", "help for new immigrants finding housing"],
  },
  {
    area: "youth",
    answers: ["youth"],
    needs: ["somewhere for teens to hang out", "my 15 year old ran away"],
  },
  { area: "seniors", answers: ["seniors"], needs: ["my grandpa is alone all day", "dad has dementia"] },
  {
    area: "disability",
    answers: ["disability"],
    needs: ["my son is deaf", "wheelchair accessible transport"],
  },
  { area: "transport", answers: ["transport"], needs: ["no car and need to get to the hospital"] },
  { area: "clothing-household", answers: ["household"], needs: ["kids need clothes for school"] },
  { area: "family", answers: ["family"], needs: ["new mom and overwhelmed", "playgroups for toddlers"] },
  { area: "lgbtq", answers: ["lgbtq"], needs: ["coming out to my parents", "queer support group"] },
  { area: "indigenous", answers: ["indigenous"], needs: ["metis services", "indigenous friendship centre"] },
  {
    area: "other-health",
    answers: ["condition", "sexualHealth", "vaccine", "tobacco", "palliative"],
    needs: ["morning after pill", "living with diabetes", "my husband has cancer"],
  },
];

const FR: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: ["on a plus rien a manger", "ou manger gratuitement", "panier de noel"],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: ["je dors dehors", "ma fille n'a plus de place ou rester", "un lit pour ce soir"],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: ["le proprio a change les serrures", "augmentation de loyer trop haute", "punaises de lit"],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: ["je pense a pus me reveiller", "j'ai ecrit une lettre d'adieu", "mon frere veut disparaitre"],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: ["mon mari croit qu'on l'espionne", "ma mere crie et lance des objets"],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: ["toujours nerveux", "je me sens vide", "mon anxiete est hors de controle"],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: ["il devient bleu", "il a avale une bouteille de tylenol"],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: ["mon pere est alcoolique", "je joue toute ma paye"],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: ["il verifie mon cell et m'empeche de sortir", "ma blonde me frappe", "je me cache de mon ex"],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: ["mon beau-pere me touche la nuit", "force a avoir des relations"],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: ["j'ai recu une assignation", "besoin d'un avocat pas les moyens", "droits de visite"],
  },
  {
    area: "income",
    answers: ["income"],
    needs: ["comment avoir le chomage", "facture d'hydro pas payee"],
  },
  { area: "employment", answers: ["employment"], needs: ["besoin d'une job vite"] },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: ["je pense que j'ai le poignet casse", "besoin de points", "pas de carte soleil"],
  },
  { area: "dental", answers: ["dental"], needs: ["mes gencives saignent"] },
  { area: "newcomers", answers: ["newcomers"], needs: ["je parle pas bien anglais"] },
  { area: "youth", answers: ["youth"], needs: ["mon ado a fugue"] },
  { area: "seniors", answers: ["seniors"], needs: ["mon grand-pere est seul", "papa a la demence"] },
  { area: "disability", answers: ["disability"], needs: ["mon fils est sourd"] },
  { area: "family", answers: ["family"], needs: ["nouvelle maman depassee"] },
  { area: "lgbtq", answers: ["lgbtq"], needs: ["sortir du placard"] },
  { area: "indigenous", answers: ["indigenous"], needs: ["services metis"] },
  {
    area: "other-health",
    answers: ["condition", "sexualHealth", "vaccine", "tobacco", "palliative"],
    needs: ["pilule du lendemain", "vivre avec le diabete"],
  },
];

export const NEEDS_SIXTH: Need[] = [...flatten("en", EN, false), ...flatten("fr", FR, false)];
