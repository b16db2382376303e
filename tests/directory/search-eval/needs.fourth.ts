/**
 * The fourth set, written after the third round of tuning and run once blind (see README.md).
 * Mostly English.
 */
import { flatten, type Need, type NeedGroup } from "./need.js";

const EN: NeedGroup[] = [
  {
    area: "food",
    answers: ["food"],
    needs: [
      "no groceries till friday",
      "food help for students",
      "free food today",
      "where to get a food box",
      "my family needs food",
      "can't buy food this week",
    ],
  },
  {
    area: "shelter",
    answers: ["shelter"],
    needs: [
      "homeless and its cold out",
      "kicked out by my roommate need a place tonight",
      "shelter for teens",
      "emergency bed",
      "where can homeless people sleep",
      "lost my apartment and have nowhere",
    ],
  },
  {
    area: "housing",
    answers: ["housing"],
    needs: [
      "my landlord wants to sell and kick us out",
      "rent help",
      "landlord wont return my calls about repairs",
      "eviction hearing next week",
      "looking for a cheap apartment",
    ],
  },
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "im thinking of ending my life",
      "i just want everything to end",
      "i dont think i can do this anymore",
      "my partner said he wants to die",
      "feeling suicidal tonight",
      "i wrote a note to my family",
      "i want to go to sleep and never wake up",
      "life isnt worth living anymore",
      "i feel like a burden to everyone",
      "how do i help my friend who is suicidal",
      "my son has been self harming",
    ],
  },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: [
      "my brother thinks people are reading his mind",
      "she keeps hearing voices",
      "having a psychotic break",
      "my dad is acting crazy and wont sleep",
      "mental health crisis team kingston",
      "in crisis right now",
    ],
  },
  {
    area: "mental-health",
    answers: ["mentalHealth"],
    needs: [
      "i feel so alone",
      "cheap counselling",
      "help with anxiety",
      "i need to talk to someone tonight",
      "depressed and cant get out of bed",
    ],
  },
  {
    area: "overdose",
    answers: ["overdose"],
    needs: [
      "my friend is not breathing",
      "accidental overdose",
      "what to do if someone ods",
      "my dog ate my pills",
      "got naloxone?",
      "took too many sleeping pills",
    ],
  },
  {
    area: "addiction",
    answers: ["addiction"],
    needs: [
      "i need rehab",
      "drug problem",
      "quit drinking help",
      "opiate withdrawal",
      "harm reduction kingston",
    ],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: [
      "my boyfriend hurts me",
      "scared my husband will find me",
      "my wife is violent",
      "partner abuse",
      "how to leave safely",
      "he threatens me all the time",
      "my ex is following me",
      "afraid of my spouse",
    ],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: [
      "i think i was raped",
      "was sexually abused as a child",
      "my friend was assaulted at a bar",
      "sexual assault centre",
      "help after rape",
    ],
  },
  {
    area: "legal",
    answers: ["legal"],
    needs: [
      "need legal help",
      "got charged with assault",
      "my husband and i are separating",
      "custody battle",
      "immigration lawyer",
      "my permanent residence application",
      "fired while on sick leave",
      "landlord tenant board hearing",
      "i was arrested",
      "pardon for criminal record",
      "child support payments",
      "my boss hasnt paid me in weeks",
    ],
  },
  {
    area: "income",
    answers: ["income"],
    needs: ["apply for ontario works", "i have no income", "emergency financial help", "ei benefits"],
  },
  {
    area: "employment",
    answers: ["employment"],
    needs: ["jobs in kingston", "help me get a job", "resume workshop", "career help"],
  },
  {
    area: "health-clinic",
    answers: ["clinic"],
    needs: ["sick and no doctor", "walk-in doctor", "my child has an ear infection", "health advice line"],
  },
  { area: "dental", answers: ["dental"], needs: ["my tooth is killing me", "dental clinic"] },
  { area: "newcomers", answers: ["newcomers"], needs: ["newcomer help", "refugee family support"] },
  { area: "youth", answers: ["youth"], needs: ["youth support", "kids programs"] },
  { area: "seniors", answers: ["seniors"], needs: ["seniors help", "elderly support"] },
  { area: "disability", answers: ["disability"], needs: ["disability services", "autism help"] },
  { area: "transport", answers: ["transport"], needs: ["bus pass", "ride to appointments"] },
  { area: "clothing-household", answers: ["household"], needs: ["free clothing", "furniture bank"] },
  { area: "family", answers: ["family"], needs: ["parenting support", "help for moms"] },
  { area: "lgbtq", answers: ["lgbtq"], needs: ["trans health", "lgbtq youth"] },
  {
    area: "indigenous",
    answers: ["indigenous"],
    needs: ["indigenous support", "native friendship centre kingston"],
  },
];

const FR: NeedGroup[] = [
  {
    area: "suicide",
    answers: ["suicide"],
    needs: [
      "j'ai plus envie de rien",
      "je veux me suicider",
      "mon chum parle de mourir",
      "je suis un fardeau pour tout le monde",
    ],
  },
  {
    area: "domestic-violence",
    answers: ["violence"],
    needs: ["mon copain me bat", "j'ai peur de mon ex", "quitter mon mari violent"],
  },
  {
    area: "sexual-assault",
    answers: ["sexualAssault"],
    needs: ["j'ai ete violee hier", "agression sexuelle aide"],
  },
  { area: "overdose", answers: ["overdose"], needs: ["surdose aide", "il respire plus"] },
  {
    area: "mental-health-crisis",
    answers: ["mentalHealthCrisis"],
    needs: ["il entend des voix", "crise psychotique"],
  },
  { area: "legal", answers: ["legal"], needs: ["besoin d'aide juridique", "je divorce", "j'ai ete arrete"] },
  { area: "food", answers: ["food"], needs: ["banque alimentaire", "pas de nourriture a la maison"] },
  { area: "shelter", answers: ["shelter"], needs: ["je suis sans abri", "refuge ce soir"] },
  { area: "housing", answers: ["housing"], needs: ["mon proprietaire veut m'expulser", "logement pas cher"] },
  { area: "income", answers: ["income"], needs: ["aide sociale", "je n'ai pas de revenu"] },
];

export const NEEDS_FOURTH: Need[] = [...flatten("en", EN, false), ...flatten("fr", FR, false)];
