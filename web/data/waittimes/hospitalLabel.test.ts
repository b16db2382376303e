import { describe, expect, it } from "vitest";
import { hospitalOptionLabel } from "./hospitalLabel";

describe("hospitalOptionLabel", () => {
  it("adds the city in brackets only when the name does not say it already", () => {
    expect(hospitalOptionLabel({ name: "Bluewater Health (Petrolia)", city: "Petrolia" })).toBe(
      "Bluewater Health (Petrolia)",
    );
    expect(hospitalOptionLabel({ name: "Hôpital de Saint-Jérôme", city: "Saint-Jerome" })).toBe(
      "Hôpital de Saint-Jérôme",
    );
    expect(hospitalOptionLabel({ name: "Kingston Health Sciences Centre", city: "Kingston" })).toBe(
      "Kingston Health Sciences Centre",
    );
    expect(hospitalOptionLabel({ name: "Foothills Medical Centre", city: "Calgary" })).toBe(
      "Foothills Medical Centre (Calgary)",
    );
    // A city that is only part of a word of the name is not the name saying it.
    expect(hospitalOptionLabel({ name: "Parisview Hospital", city: "Paris" })).toBe(
      "Parisview Hospital (Paris)",
    );
    expect(hospitalOptionLabel({ name: "Some Hospital", city: " " })).toBe("Some Hospital");
  });
});
