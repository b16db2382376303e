import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { carryOver, type RawService } from "./carry-over.js";

const line988: RawService = {
  id: "crisis-988",
  name: "9-8-8 Suicide Crisis Helpline",
  phone: "988",
  intent_category: "Crisis",
  scope: "ontario",
  fees: "Free",
  resource_indicators: { service_area_size: "national" },
};

describe("carry-over of the curated source's area", () => {
  it("takes a line either area field calls national as national, in its wording too", () => {
    const service = carryOver(line988);
    expect(service.scope).toBe("national");
    expect(service.description.en).toContain("across Canada");
    expect(service.description.fr).toContain("partout au Canada");
  });

  it("keeps a line filed under Ontario on both fields provincial", () => {
    const service = carryOver({ ...line988, id: "ontario-line", resource_indicators: {} });
    expect(service.scope).toBe("provincial");
    expect(service.description.en).toContain("across Ontario");
  });

  it("ships the seed with 9-8-8 serving all of Canada", () => {
    const seed = JSON.parse(
      readFileSync(new URL("./services.seed.json", import.meta.url), "utf8"),
    ) as DirectoryService[];
    const line = seed.find((s) => s.id === "crisis-988");
    expect(line?.scope).toBe("national");
    expect(line?.description.en).not.toContain("Ontario");
  });
});

describe("carry-over of 9-8-8's text line", () => {
  it("adds a text line to a 988 call line and says call or text, in the wording and in the seed", () => {
    const service = carryOver(line988);
    expect(service.phones).toEqual([
      { number: "988", label: null },
      { number: "988", label: "Text" },
    ]);
    expect(service.applicationProcess?.en).toContain("Call or text 988.");
    expect(service.applicationProcess?.fr).toContain("Appelez ou textez le 988.");
    const seed = JSON.parse(
      readFileSync(new URL("./services.seed.json", import.meta.url), "utf8"),
    ) as DirectoryService[];
    expect(seed.find((s) => s.id === "crisis-988")?.phones).toEqual(service.phones);
  });

  it("adds no text line to other numbers", () => {
    const service = carryOver({ ...line988, id: "other-line", phone: "1-866-531-2600" });
    expect(service.phones).toEqual([{ number: "1-866-531-2600", label: null }]);
    expect(service.applicationProcess?.en).toContain("Call 1-866-531-2600.");
  });
});
