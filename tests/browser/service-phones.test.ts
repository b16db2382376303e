// A service page's phone lines and source, in English and French: every call link dials E.164
// with its extension, short codes and text lines are what they are, and the source names who
// published the facts, never a data file. Merged-away ids still open the merged service, offline too.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { readServices } from "./helpers/idb";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const DIALABLE = /^tel:(\+\d{8,15}(;ext=\d{1,10})?|[2-9]11|988)$/;

async function openService(page: Page, id: string): Promise<void> {
  await page.goto(`/services/${id}`);
  await page.locator("p.lead").waitFor();
}

const links = (page: Page, scheme: string) =>
  page
    .locator(`a[href^="${scheme}:"]`)
    .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href"), text: a.textContent })));

describe("service page phone lines", () => {
  for (const [locale, ext, mobile, text] of [
    ["en-CA", "613-549-1232, ext. 1218", "Dial #SAFE (#7233) from a mobile phone", "Text 686868"],
    ["fr-CA", "613-549-1232, poste 1218", "Composez #SAFE (#7233) depuis un cellulaire", "Texto au 686868"],
  ] as const) {
    it(`dials the number and its extension, and shows short codes and text lines as such (${locale})`, async () => {
      const page = await app.newPage({ locale });
      await openService(page, "kfla-public-health-dental");
      expect(await links(page, "tel")).toEqual([{ href: "tel:+16135491232;ext=1218", text: ext }]);
      expect(await seriousViolations(page)).toEqual([]);

      await openService(page, "assaulted-womens-helpline");
      const calls = await links(page, "tel");
      expect(calls).toEqual([{ href: "tel:+18668630511", text: "1-866-863-0511" }]);
      expect(await page.locator("dl.facts").textContent()).toContain(mobile);

      await openService(page, "crisis-text-line");
      expect(await links(page, "sms")).toEqual([{ href: "sms:686868", text }]);
      expect(await links(page, "tel")).toEqual([]);

      await openService(page, "crisis-988");
      expect(await links(page, "tel")).toEqual([{ href: "tel:988", text: "988" }]);
    });
  }

  it("gives every call link on every service page a dialable address", async () => {
    const all = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=200`)).json()).data as Array<{
      id: string;
      phones: Array<{ number: string }>;
    }>;
    // Every line that is not a plain 613-555-0100 (extensions, toll-free, codes, labels), and ten more.
    const plain = /^(1-)?\d{3}-\d{3}-\d{4}$/;
    const withPhones = all.filter((x) => x.phones.length > 0);
    const unusual = withPhones.filter((x) => x.phones.some((p) => !plain.test(p.number)));
    const page = await app.newPage();
    for (const s of new Set([...unusual, ...withPhones.slice(0, 10)])) {
      await openService(page, s.id);
      for (const { href } of await links(page, "tel")) expect(href, s.id).toMatch(DIALABLE);
    }
  });
});

describe("service page source", () => {
  it("names the publisher and the date checked, in English and French, never a data file", async () => {
    const en = await app.newPage({ locale: "en-CA" });
    await openService(en, "kids-help-phone");
    const source = (await en.locator("[data-testid=service-source]").textContent()) ?? "";
    expect(source).toContain("Published by Kids Help Phone (kidshelpphone.ca).");
    expect(source).toContain("Last checked on January 3, 2026.");
    expect(source).not.toMatch(/json|jerdaw|careconnect/i);
    expect(await seriousViolations(en)).toEqual([]);

    const fr = await app.newPage({ locale: "fr-CA" });
    await openService(fr, "kids-help-phone");
    const sourceFr = (await fr.locator("[data-testid=service-source]").textContent()) ?? "";
    expect(sourceFr).toContain("Publié par Kids Help Phone (kidshelpphone.ca).");
    expect(sourceFr).toContain("Dernière vérification le 3 janvier 2026.");
    expect(await seriousViolations(fr)).toEqual([]);
  });
});

describe("merged duplicates", () => {
  it("opens the merged service from an old id, online and from the device's copy offline", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await openService(page, "crisis-211-ontario");
    expect(await page.locator("h1").textContent()).toBe("211 Ontario");
    expect(await links(page, "tel")).toEqual([{ href: "tel:211", text: "211" }]);

    await waitForServiceWorkerControl(page);
    const total = (await (await fetch(`${app.baseUrl}/api/v1/services?limit=1`)).json()).meta.total;
    await expect.poll(async () => (await readServices(page)).length, { timeout: 30_000 }).toBe(total);
    const ids = (await readServices<{ id: string }>(page)).map((s) => s.id);
    expect(ids).toContain("ontario-211-ontario");
    expect(ids).not.toContain("crisis-211-ontario");

    await page.context().setOffline(true);
    await openService(page, "kingston-general-hospital");
    expect(await page.locator("h1").textContent()).toBe(
      "Kingston General Hospital (KGH) Emergency Department",
    );
  });
});
