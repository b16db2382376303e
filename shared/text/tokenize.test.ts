import { describe, expect, it } from "vitest";
import { foldAccents } from "./fold.js";
import { stem, tokenize } from "./tokenize.js";

describe("shared/text", () => {
  it("tokenises English and French, dropping elisions and stop words", () => {
    expect(tokenize("J'ai faim")).toEqual(["faim"]);
    expect(tokenize("I can't pay my rent")).toEqual(["pay", "rent"]);
    expect(tokenize("les banques alimentaires")).toEqual(["banque", "alimentaire"]);
  });
  it("reduces plurals without mangling short words or -ss/-us endings", () => {
    expect(stem("shelters")).toBe("shelter");
    expect(stem("services")).toBe("service");
    expect(stem("bus")).toBe("bus");
    expect(stem("address")).toBe("address");
    expect(stem(foldAccents("hôpitaux"))).toBe("hopital");
  });
});
