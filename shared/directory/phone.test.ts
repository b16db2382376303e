import { describe, expect, it } from "vitest";
import { formatPhone, phoneKey, readPhone, unreadablePhones } from "./phone.js";

describe("readPhone: what a line is and how to reach it", () => {
  it.each([
    // Extensions: E.164 plus ;ext=, never the digits run together (the old link dialled 61354912321218).
    ["613-549-1232 ext. 1218", null, "tel:+16135491232;ext=1218"],
    ["613 549 1232 x1218", null, "tel:+16135491232;ext=1218"],
    ["(613) 549-1232, ext 12", null, "tel:+16135491232;ext=12"],
    ["613-549-1232 poste 1218", null, "tel:+16135491232;ext=1218"],
    ["613-541-5010 ext. 271-5195", null, "tel:+16135415010;ext=2715195"],
    // Toll-free and full numbers, with or without the leading 1 or +1.
    ["1-800-668-6868", null, "tel:+18006686868"],
    ["1-833-456-4566", null, "tel:+18334564566"],
    ["+1 613 549 1232", null, "tel:+16135491232"],
    ["1-866-NEED-HLP", null, "tel:+18666333457"],
    ["+33 1 42 68 53 00", null, "tel:+33142685300"],
    // Three-digit codes dialled as they are.
    ["988", null, "tel:988"],
    ["211", null, "tel:211"],
    ["811", null, "tel:811"],
    // Text lines: a short code, or a line that says so in the number or its label.
    ["686868", "SMS", "sms:686868"],
    ["258258", null, "sms:258258"],
    ["text 686868", null, "sms:686868"],
    ["Texto : 258258", null, "sms:258258"],
    ["988", "Text", "sms:988"],
    ["613-555-0100", "Text only", "sms:+16135550100"],
  ])("%s (%s) → %s", (number, label, href) => {
    const r = readPhone(number, label);
    expect("href" in r ? r.href : null).toBe(href);
  });

  it("gives mobile-only star and pound codes words and keypad digits, not a link", () => {
    expect(readPhone("#SAFE", "#7233 on mobile")).toEqual({ kind: "mobile", code: "#SAFE", digits: "#7233" });
    expect(readPhone("*677")).toEqual({ kind: "mobile", code: "*677", digits: "*677" });
  });

  it.each(["hello", "555-1234", "1-866-TALK", "P.O. Box 12", "123", "+1 000 000 0000", "call us"])(
    "refuses %s: nobody could dial or text it",
    (junk) => {
      expect(readPhone(junk).kind).toBe("invalid");
    },
  );
});

describe("formatPhone: how a number is read", () => {
  const dial = (n: string) => {
    const r = readPhone(n);
    if (r.kind !== "dial") throw new Error(`${n} is ${r.kind}`);
    return r;
  };
  it("writes Canadian numbers with dashes, toll-free with its 1, and the extension in each language", () => {
    expect(formatPhone(dial("613-549-1232 ext. 1218"), "en")).toBe("613-549-1232, ext. 1218");
    expect(formatPhone(dial("613-549-1232 ext. 1218"), "fr")).toBe("613-549-1232, poste 1218");
    expect(formatPhone(dial("(800) 668 6868"), "en")).toBe("1-800-668-6868");
    expect(formatPhone(dial("613-541-5010 ext. 271-5195"), "en")).toBe("613-541-5010, ext. 271-5195");
    expect(formatPhone(dial("+33 1 42 68 53 00"), "fr")).toBe("+33 1 42 68 53 00");
  });
});

describe("phoneKey and unreadablePhones", () => {
  it("gives two spellings of one line the same key, and lines with different extensions different keys", () => {
    expect(phoneKey("1-866-863-0511")).toBe(phoneKey("(866) 863-0511"));
    expect(phoneKey("613-549-1232 ext. 1218")).not.toBe(phoneKey("613-549-1232 ext. 1275"));
    expect(phoneKey("686868", "SMS")).toBe(phoneKey("text 686868"));
  });
  it("lists the positions of the lines that cannot be used", () => {
    expect(
      unreadablePhones([
        { number: "613-549-1232", label: null },
        { number: "not a number", label: null },
        { number: "#SAFE", label: null },
        { number: "12", label: "Office" },
      ]),
    ).toEqual([1, 3]);
  });
});
