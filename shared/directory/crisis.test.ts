import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeQuery, type CrisisKind, detectCrisis } from "./index.js";

/** The demo directory, whose every word is an ordinary search some day. */
const SEED: unknown = JSON.parse(
  readFileSync(new URL("../../server/directory/seed/services.seed.json", import.meta.url), "utf8"),
);

describe("shared crisis detection", () => {
  it("recognises indirect wording of suicidal thoughts in English and French", () => {
    for (const q of [
      "don't want to be here anymore",
      "not wanting to be here",
      "thinking about ending it",
      "i want to end it all",
      "everyone would be better off without me",
      "i wish i could go to sleep and not wake up",
      "whats the point of living",
      "kms",
      "pas envie de vivre",
      "j'ai pu envie de vivre",
      "je veux en finir",
      "tout le monde serait mieux sans moi",
      "je veux plus être là",
    ]) {
      expect(detectCrisis(q), q).toContain("suicide");
    }
  });

  it("reads a misspelt crisis word as meant", () => {
    expect(detectCrisis("sucidal")).toContain("suicide");
    expect(detectCrisis("overdoes")).toContain("overdose");
    expect(detectCrisis("surdoze")).toContain("overdose");
  });

  it("recognises fear of a partner, escaping a relationship, psychosis in plain words, overdose and assault", () => {
    expect(detectCrisis("im scared of my husband")).toContain("violence");
    expect(detectCrisis("escaping my relationship")).toContain("violence");
    expect(detectCrisis("j'ai peur de mon chum")).toContain("violence");
    expect(detectCrisis("my brother is hearing things")).toContain("mental-health");
    expect(detectCrisis("j'entends des voix")).toContain("mental-health");
    expect(detectCrisis("he isnt breathing after using")).toContain("overdose");
    expect(detectCrisis("someone touched me without consent")).toContain("sexual-assault");
    expect(detectCrisis("crisis")).toEqual(["mental-health"]);
  });

  it("recognises wording of the fifth evaluation set's misses (issue #26)", () => {
    expect(detectCrisis("i was drugged at a party")).toContain("sexual-assault");
    expect(detectCrisis("j'ai été droguée dans un bar")).toContain("sexual-assault");
    expect(detectCrisis("ma vie ne vaut rien")).toContain("suicide");
    expect(detectCrisis("my life is worthless")).toContain("suicide");
    expect(detectCrisis("je craque")).toContain("mental-health");
    expect(detectCrisis("cant stop shaking and crying")).toContain("mental-health");
    for (const q of ["je craque pour ce manteau", "arrêter la drogue", "drug testing at work"])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("recognises wording of the sixth evaluation set's misses, and not its harmless look-alikes (issue #26)", () => {
    expect(detectCrisis("i keep thinking about not waking up")).toEqual(["suicide"]);
    expect(detectCrisis("no reason to keep going")).toContain("suicide");
    expect(detectCrisis("je pense a pus me reveiller")).toContain("suicide");
    expect(detectCrisis("j'ai écrit une lettre d'adieu")).toContain("suicide");
    expect(detectCrisis("took something and cant breathe right")).toContain("overdose");
    expect(detectCrisis("hiding from my ex")).toContain("violence");
    expect(detectCrisis("je me cache de mon ex")).toContain("violence");
    expect(detectCrisis("il vérifie mon cell et m'empêche de sortir")).toContain("violence");
    expect(detectCrisis("my stepdad does things to me at night")).toContain("sexual-assault");
    expect(detectCrisis("forcée à avoir des relations")).toContain("sexual-assault");
    expect(detectCrisis("my mom is screaming and throwing things")).toContain("mental-health");
    for (const q of [
      "no reason to keep going to the gym",
      "the bank does things to me",
      "alarm not waking me up",
    ])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("recognises how people word suicide that an audit found missed, in both languages", () => {
    for (const q of [
      "my friend wants to kill himself",
      "she wants to kill herself",
      "i want to be dead",
      "i wnat to die",
      "how to die",
      "ways to die",
      "please kill me",
      "shoot myself",
      "je ne veux plus vivre",
      "je veux pas vivre",
      "je veux pu vivre",
      "je ne veux plus exister",
      "jveux mourir",
      "j'ai plus le goût de vivre",
      "j'ai des idées noires",
      "pensées de mort",
      "comment mourir",
      "me tirer une balle",
    ])
      expect(detectCrisis(q), q).toContain("suicide");
    expect(detectCrisis("lethal dose")).toContain("overdose");
    expect(detectCrisis("over dose")).toContain("overdose");
    expect(detectCrisis("my dad wants to kill me")).toContain("violence");
    for (const q of [
      "je veux pas vivre seul",
      "je veux plus vivre ici",
      "how to die at home",
      "aide médicale à mourir",
      "my boss will kill me",
      "how to dye my hair",
      "flu shot",
    ])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("recognises the misses of a blind set of 173 queries, and not its harmless look-alikes", () => {
    const expected: Array<[string, CrisisKind]> = [
      ["how much tylenol is too much i already took 30", "overdose"],
      ["mixed xanax and alcohol feel weird", "overdose"],
      ["elle a avale toute la bouteille de pilules", "overdose"],
      ["womens shelter tonight", "violence"],
      ["my dad beats my mom", "violence"],
      ["maison d'hebergement femmes violence", "violence"],
      ["CALACS", "sexual-assault"],
      ["mon oncle ma touchee", "sexual-assault"],
      ["il m'a force a coucher avec lui", "sexual-assault"],
      ["i can't cope anymore", "mental-health"],
      ["feel like im going crazy", "mental-health"],
      ["severe anxiety attack help", "mental-health"],
      ["need to talk to someone right now", "mental-health"],
      ["detresse psychologique", "mental-health"],
      ["jentends des voix", "mental-health"],
      ["je capote je suis pu capable", "mental-health"],
      ["ligne d'ecoute urgence", "mental-health"],
    ];
    for (const [q, kind] of expected) expect(detectCrisis(q), q).toContain(kind);
    for (const q of [
      "assault charge lawyer",
      "going crazy with this heat",
      "je capote sur ce film",
      "i already took my meds",
      "j'ai pris les pilules",
    ])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("does not fire on harmless wording that shares words with a crisis", () => {
    for (const q of [
      "end of lease",
      "hospice care for my father",
      "end of life care",
      "my phone died",
      "killing time at the library",
      "tuer le temps",
      "je meurs de faim",
      "charged with assault need a lawyer",
      "substance abuse counselling",
      "homeless",
      "overdue bills",
      "la crise du logement",
      "crise cardiaque",
      "my wife hurt her back",
      "my landlord is not responding",
      "je veux en finir avec mes dettes",
    ]) {
      expect(detectCrisis(q), q).toEqual([]);
    }
  });

  it("reads French wording as the English list reads its counterpart, and not French look-alikes", () => {
    const expected: Array<[string, CrisisKind]> = [
      ["abus", "violence"],
      ["abusé par mon conjoint", "violence"],
      ["relation abusive", "violence"],
      ["mariage forcé", "violence"],
      ["harcèlement criminel", "violence"],
      ["il m'a tabassée", "violence"],
      ["partir en sécurité", "violence"],
      ["dose mortelle", "overdose"],
      ["j'ai déjà pris 30 comprimés", "overdose"],
      ["mélangé xanax et alcool", "overdose"],
      ["mauvais lot", "overdose"],
      ["coupé au fentanyl", "overdose"],
      ["mon bébé a avalé des pilules", "overdose"],
      ["je serais mieux morte", "suicide"],
      ["je déteste ma vie", "suicide"],
      ["je peux plus continuer", "suicide"],
      ["me couper les veines", "suicide"],
      ["violeur", "sexual-assault"],
      ["drogue du viol", "sexual-assault"],
      ["sextorsion", "sexual-assault"],
      ["urgence psychiatrique", "mental-health"],
      ["il a perdu contact avec la réalité", "mental-health"],
      ["j'y arrive plus", "mental-health"],
      ["je deviens folle", "mental-health"],
    ];
    for (const [q, kind] of expected) expect(detectCrisis(q), q).toContain(kind);
    for (const q of [
      "abus de substances",
      "abus d'alcool",
      "abus de confiance",
      "consommation abusive",
      "je deviens fou avec cette chaleur",
      "me couper les cheveux",
    ])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("reads words run together and a short word missing a letter, where the phrase confirms them", () => {
    const expected: Array<[string, CrisisKind]> = [
      ["killmyself", "suicide"],
      ["kil myself", "suicide"],
      ["kilmyself", "suicide"],
      ["i want to kil myself", "suicide"],
      ["wanttodie", "suicide"],
      ["iwanttodie", "suicide"],
      ["endmylife", "suicide"],
      ["jveuxmourir", "suicide"],
      ["metuer", "suicide"],
      ["toomanypills", "overdose"],
      ["myhusbandhitsme", "violence"],
      ["sexualassault", "sexual-assault"],
      ["hearingvoices", "mental-health"],
    ];
    for (const [q, kind] of expected) expect(detectCrisis(q), q).toContain(kind);
  });

  it("keeps ordinary searches, and every word of the demo directory that names no crisis, out of a crisis", () => {
    for (const q of [
      "skill",
      "skills training",
      "kilometre",
      "kilometres from here",
      "kiln",
      "rap music",
      "therapist",
      "lace",
      "pill",
      "odd jobs",
      "bathtub",
      "outside",
      "somewhere",
      "everyone",
      "himself",
      "meditation",
      "dietitian",
      "tenant",
      "legal aid",
      "dental",
      "food bank",
      "homeless",
      "shelter",
      "piano lessons",
      "menu",
      "metro pass",
    ])
      expect(detectCrisis(q), q).toEqual([]);
    const texts = new Set<string>();
    const walk = (v: unknown): void => {
      if (typeof v === "string") texts.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(SEED);
    const words = new Set<string>();
    for (const t of texts) for (const w of t.toLowerCase().split(/[^\p{L}\p{N}']+/u)) if (w) words.add(w);
    const read = [...words].filter((w) => detectCrisis(w).length > 0).sort();
    expect(read).toEqual(
      [
        "abus",
        "abuse",
        "abused",
        "agression",
        "agressions",
        "assault",
        "assaulted",
        "automutilation",
        "crise",
        "crisis",
        "d'agression",
        "désespoir",
        "empoisonnement",
        "empoisonnements",
        "hopeless",
        "intoxication",
        "maltraitance",
        "naloxone",
        "overdose",
        "overdoses",
        "poison",
        "poisoning",
        "rape",
        "suicidaire",
        "suicidal",
        "suicide",
        "surdose",
        "surdoses",
        "viol",
      ].sort(),
    );
  });

  it("reads a night without shelter as a crisis 211 answers, not a crisis line, in English and French", () => {
    for (const q of [
      "nowhere to sleep",
      "no where to sleep",
      "homeless tonight",
      "sleeping outside",
      "i have nowhere to sleep tonight",
      "nulle part où dormir",
      "nulle part ou dormir",
      "dormir dehors",
      "pas de place pour dormir",
      "je dors dans mon auto",
    ])
      expect(detectCrisis(q), q).toEqual(["shelter"]);
    for (const q of ["homeless", "shelter", "sleep clinic", "dormir", "outside hours", "apnée du sommeil"])
      expect(detectCrisis(q), q).toEqual([]);
    // The ranking keeps to the shelters asked for: no crisis line is lifted above them.
    const a = analyzeQuery("nowhere to sleep");
    expect(a.crisis).toBe(false);
    expect(a.concepts.map((c) => c.id)).toContain("shelter");
  });

  it("reads a medical emergency as 911's, being followed or unsafe as danger, and fentanyl as an overdose", () => {
    const expected: Array<[string, CrisisKind]> = [
      ["cant breathe", "medical"],
      ["can't breathe", "medical"],
      ["i cannot breathe", "medical"],
      ["je ne peux pas respirer", "medical"],
      ["il respire plus", "medical"],
      ["being followed", "violence"],
      ["someone is following me", "violence"],
      ["quelqu'un me suit", "violence"],
      ["i feel unsafe", "violence"],
      ["je me sens en danger", "violence"],
      ["fentanyl", "overdose"],
    ];
    for (const [q, kind] of expected) expect(detectCrisis(q), q).toContain(kind);
    // A medical emergency is not a crisis line's: nothing is lifted above what was asked.
    expect(analyzeQuery("cant breathe").crisis).toBe(false);
    for (const q of [
      "breathing exercises",
      "follow up appointment",
      "suivi de dossier",
      "suivi médical",
      "me suivre",
      "espèce en danger",
      "safe injection site",
    ])
      expect(detectCrisis(q), q).toEqual([]);
  });

  it("keeps care that follows someone, unfair fees, addiction, a crying baby, unpaid bills, a blocked nose and appointments taken out of a crisis", () => {
    for (const q of [
      "le medecin qui me suit",
      "travailleuse sociale qui me suit",
      "psychologue qui nous suit",
      "l'infirmière qui me suit",
      "being followed up by a nurse",
      "getting followed up after surgery",
      "people following us on facebook",
      "frais abusifs banque",
      "hausse de loyer abusive",
      "clause abusive bail",
      "abusive rent increase",
      "abus de cannabis",
      "abus de l alcool",
      "abus de jeu",
      "il a abusé de ma confiance",
      "cannabis abuse",
      "mon bebe n'arrete pas de crier",
      "j'y arrive plus avec mes factures",
      "je n'y arrive plus avec le budget",
      "je respire mal la nuit",
      "can't breathe through my nose",
      "deja pris 2 rendez-vous",
      "enfant pris en charge medicaments",
    ])
      expect(detectCrisis(q), q).toEqual([]);
    // The wording these look like still signals.
    const expected: Array<[string, CrisisKind]> = [
      ["being followed", "violence"],
      ["i am being followed", "violence"],
      ["someone followed me up the stairs", "violence"],
      ["quelqu'un me suit", "violence"],
      ["il me suit", "violence"],
      ["abus", "violence"],
      ["relation abusive", "violence"],
      ["mon conjoint abusif", "violence"],
      ["my husband is abusive", "violence"],
      ["can't breathe", "medical"],
      ["je respire mal", "medical"],
      ["il respire plus", "medical"],
      ["j'ai déjà pris 30 comprimés", "overdose"],
      ["mon bébé a pris des médicaments", "overdose"],
      ["j'y arrive plus", "mental-health"],
      ["je n'en peux plus", "suicide"],
      ["he cant stop screaming", "mental-health"],
    ];
    for (const [q, kind] of expected) expect(detectCrisis(q), q).toContain(kind);
  });

  it("adds the concept of the crisis it detects, so the ranking knows which help answers it", () => {
    const a = analyzeQuery("i dont want to be here anymore");
    expect(a.crisis).toBe(true);
    expect(a.concepts.map((c) => c.id)).toContain("suicide");
    expect(analyzeQuery("hospice care for my father").crisis).toBe(false);
  });
});
