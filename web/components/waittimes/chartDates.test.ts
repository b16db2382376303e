import { describe, expect, it } from "vitest";
import { dateNames } from "./chartDates";

describe("dateNames", () => {
  it("names months and weekdays (from Sunday) in the reader's language", () => {
    const fr = dateNames("fr");
    expect(fr.MMMM[0]).toBe("janvier");
    expect(fr.WWWW[0]).toBe("dimanche");
    expect(fr.WWWW[1]).toBe("lundi");
    const en = dateNames("en");
    expect(en.MMM[11]).toBe("Dec");
    expect(en.WWW[6]).toBe("Sat");
  });
});
