/**
 * The word pairs a boolean query requires (search-tsquery.ts pairsQuery): required only where the
 * phrase itself is, so adding them to the match condition never drops a page the query matches.
 */
import { describe, expect, it } from "vitest";
import { parseBoolean } from "../search/query-parse.js";
import {
  allOf,
  booleanMatch,
  booleanQuery,
  eachOfAny,
  everyPrefix,
  pairDecided,
  pairsQuery,
} from "./search-tsquery.js";

/** The parsed tree of a query that has something to search. */
const treeOf = (q: string) => {
  const tree = parseBoolean(q);
  if (!tree) throw new Error(`nothing to search in ${q}`);
  return tree;
};
const pairs = (q: string) => pairsQuery(treeOf(q));

describe("word pairs of a phrase query", () => {
  it("requires each adjacent pair of a quoted phrase, accents folded", () => {
    expect(pairs('"Seasonal Influenza"')).toBe("'seasonal influenza'");
    expect(pairs('"grippe saisonnière au Québec"')).toBe(
      "('grippe saisonniere' & 'saisonniere au' & 'au quebec')",
    );
    expect(pairs('title:"flu clinic" AND hours')).toBe("('flu clinic')");
  });

  it("requires nothing where the phrase is not needed for a match", () => {
    expect(pairs("influenza AND vaccine")).toBeNull();
    expect(pairs('"seasonal influenza" OR measles')).toBeNull();
    expect(pairs('clinic NOT "flu shot"')).toBeNull();
    expect(pairs('"flu shot" OR "flu clinic"')).toBe("('flu shot' | 'flu clinic')");
  });

  it("leaves a two-word phrase the whole query requires to its pair, keeps positions elsewhere", () => {
    const words = (q: string) => {
      const tree = treeOf(q);
      return booleanQuery(tree, pairDecided(tree));
    };
    expect(words('"seasonal influenza"')).toBe("(seasonal & influenza)");
    expect(words('"seasonal influenza" NOT measles')).toBe("((seasonal & influenza) & !(measles))");
    expect(words('"seasonal influenza" OR measles')).toBe("((seasonal <-> influenza) | measles)");
    expect(words('"flu shot clinic"')).toBe("(flu <-> shot <-> clinic)");
    expect(words('title:"flu clinic"')).toBe("(flu:A <-> clinic:A)");
  });

  it("lets the pairs alone decide a query made only of two-word phrases", () => {
    const decide = (q: string) => booleanMatch(treeOf(q)).pairsDecide;
    expect(decide('"seasonal influenza"')).toBe(true);
    expect(decide('"seasonal influenza" AND "flu shot"')).toBe(true);
    expect(decide('"seasonal influenza" NOT measles')).toBe(false);
    expect(decide('"seasonal influenza" vaccine')).toBe(false);
    expect(decide('"flu shot clinic"')).toBe(false);
    expect(decide('title:"flu clinic"')).toBe(false);
  });

  it("marks the queries a page's word union answers: a plain OR of words or prefixes", () => {
    const anyWord = (q: string) => booleanMatch(treeOf(q)).anyWord;
    expect(anyWord("measles")).toBe(true);
    expect(anyWord("measles OR rougeole OR mumps")).toBe(true);
    expect(anyWord("measles rougeole")).toBe(false);
    expect(anyWord("measles NOT rougeole")).toBe(false);
    expect(anyWord('"seasonal influenza" OR measles')).toBe(false);
    expect(anyWord("title:measles OR rougeole")).toBe(false);
    expect([allOf(["flu"]), allOf(["flu", "shot"])].map((m) => m.anyWord)).toEqual([true, false]);
    // A prefix by the words it begins, or by itself on the stems when it begins too many.
    // Every token, each by the words it begins or, when it begins too many, on the stems.
    expect(everyPrefix(["infl", "v"], [["influenza", "influence"], null])).toEqual({
      tsquery: "(influenza | influence) & (v:*)",
      pairs: null,
      anyWord: false,
      parts: ["influenza | influence", "v:*"],
    });
    expect(everyPrefix(["infl"], [["influenza", "influence"]])).toEqual({
      tsquery: "influenza | influence",
      pairs: null,
      anyWord: true,
    });
    expect(everyPrefix(["rasies"], [[]]).tsquery).toBe("");
    expect(everyPrefix(["infl", "rasies"], [["influenza"], []]).tsquery).toBe("");
    expect(eachOfAny([["flu", "flue"]]).anyWord).toBe(true);
    expect(eachOfAny([["flu", "flue"], ["shot"]])).toEqual({
      tsquery: "(flu | flue) & (shot)",
      pairs: null,
      anyWord: false,
      exact: { query: "(flu | flue) & (shot)", words: ["flu", "flue", "shot"] },
      parts: ["flu | flue", "shot"],
    });
  });
});

describe("the words as written that decide a query", () => {
  const exact = (q: string) => booleanMatch(treeOf(q)).exact;

  it("keeps AND and OR of words, and the phrases their pair decides, by their positions", () => {
    expect(allOf(["flu", "shot"]).exact).toEqual({ query: "flu & shot", words: ["flu", "shot"] });
    expect(exact("(flu OR grippe) shot")).toEqual({
      query: "((flu | grippe) & shot)",
      words: ["flu", "grippe", "shot"],
    });
    // Decided by its pair for the stemmed vectors, yet as written it needs the positions too.
    expect(exact('"flu shot" clinic')).toEqual({
      query: "((flu <-> shot) & clinic)",
      words: ["flu", "shot", "clinic"],
    });
  });

  it("leaves out NOT, fields, prefixes and phrases tested on the stemmed positions", () => {
    for (const q of [
      "flu NOT shot",
      "title:flu shot",
      "url:flu",
      'snippet:"flu shot"',
      '"flu shot" OR vaccine',
      '"seasonal flu shot"',
    ])
      expect(exact(q), q).toBeNull();
    expect(everyPrefix(["infl"], [["influenza"]]).exact).toBeUndefined();
  });
});

describe("title words of a field query", () => {
  const titles = (q: string) => {
    const { titles, titlesDecide } = booleanMatch(treeOf(q));
    return { titles, titlesDecide };
  };

  it("answers a query of title fields alone from the title's words, phrases and NOT included", () => {
    expect(titles("title:Vaccination")).toEqual({ titles: "vaccination", titlesDecide: true });
    expect(titles('title:"flu clinic"')).toEqual({ titles: "(flu <-> clinic)", titlesDecide: true });
    expect(titles("title:flu NOT title:avian")).toEqual({ titles: "(flu & !(avian))", titlesDecide: true });
    expect(titles("title:flu OR title:grippe")).toEqual({ titles: "(flu | grippe)", titlesDecide: true });
  });

  it("requires the title words of a mixed query only where the field itself is required", () => {
    expect(titles("title:flu hours")).toEqual({ titles: "((flu))", titlesDecide: false });
    expect(titles('title:"flu clinic" AND url:hours')).toEqual({
      titles: "((flu & clinic))",
      titlesDecide: false,
    });
    expect(titles("title:flu OR hours")).toEqual({ titles: null, titlesDecide: false });
    expect(titles("hours NOT title:flu")).toEqual({ titles: null, titlesDecide: false });
    expect(titles("influenza vaccine")).toEqual({ titles: null, titlesDecide: false });
  });
});
