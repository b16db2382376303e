import { describe, expect, it } from "vitest";
import { isForgetVisitMessage, VisitResets } from "./visitResets";

describe("VisitResets", () => {
  it("refuses the answer to a request that started before a reset, from any page", () => {
    const resets = new VisitResets();
    const visit = resets.stamp("visit-page");
    const otherTab = resets.stamp("other-tab");
    resets.record("visit-page");
    expect(resets.mayStore(visit)).toBe(false);
    expect(resets.mayStore(otherTab)).toBe(false);
  });

  it("refuses later requests of the page that asked, and stores those of the next page", () => {
    const resets = new VisitResets();
    resets.record("visit-page");
    expect(resets.mayStore(resets.stamp("visit-page"))).toBe(false);
    expect(resets.mayStore(resets.stamp("fresh-start-page"))).toBe(true);
    expect(resets.mayStore(resets.stamp(""))).toBe(true); // a navigation has no client yet
  });

  it("stores answers when no reset came between, and refuses unstamped requests", () => {
    const resets = new VisitResets();
    expect(resets.mayStore(resets.stamp("page"))).toBe(true);
    expect(resets.mayStore(undefined)).toBe(false);
  });

  it("recognises only its own message", () => {
    expect(isForgetVisitMessage({ type: "FORGET_VISIT" })).toBe(true);
    expect(isForgetVisitMessage({ type: "SKIP_WAITING" })).toBe(false);
    expect(isForgetVisitMessage("FORGET_VISIT")).toBe(false);
    expect(isForgetVisitMessage(null)).toBe(false);
  });
});
