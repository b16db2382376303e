import { describe, expect, it } from "vitest";
import { haversineKm } from "../../shared/geo/index.js";
import { boundedEditDistance, foldAccents, stem, tokenize } from "../../shared/text/index.js";

describe("shared/text", () => {
  it("folds accents, ligatures and typographic apostrophes", () => {
    expect(foldAccents("Hébergement d’urgence À Montréal")).toBe("hebergement d'urgence a montreal");
    expect(foldAccents("cœur")).toBe("coeur");
  });
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
    expect(stem("hôpitaux".normalize("NFD").replace(/[\u0300-\u036f]/g, ""))).toBe("hopital");
  });
  it("measures edit distance with transpositions and stops past the bound", () => {
    expect(boundedEditDistance("shelter", "shleter", 2)).toBe(1);
    expect(boundedEditDistance("food", "fod", 1)).toBe(1);
    expect(boundedEditDistance("housing", "legal", 2)).toBe(3);
  });
});

describe("shared/geo", () => {
  it("gives the great-circle distance in km", () => {
    // Kingston City Hall to Toronto City Hall: about 230 km as the crow flies.
    const d = haversineKm({ lat: 44.2303, lng: -76.4807 }, { lat: 43.6534, lng: -79.3841 });
    expect(d).toBeGreaterThan(235);
    expect(d).toBeLessThan(245);
    expect(haversineKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });
});
