// Something to take away, hospitals within reach, and French formats (issue 26, §4–§6), in
// Chromium at phone and desktop sizes in English and French: the service page's QR code decodes
// (with jsQR, independent of the encoder) to a contact card with no link back; printing shows one
// slip and no navigation; addresses are directions links; hospital pages and cards show address,
// phone, directions and 811, and every latest figure says what it is and when; charts write fr-CA
// axes, stop at gaps and name only what they draw; Settings writes Mo/Go.
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, tabPerLanguage } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { saveScreenshot } from "./helpers/screenshots";
import { api, checkEverywhere, VARIANTS } from "./helpers/waits";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

/**
 * Draws the page's QR code (an SVG) onto a canvas in the page and decodes the pixels with jsQR.
 * The pixels cross to Node as one base64 string: as an array of 640,000 numbers, Playwright's
 * serialization took seconds per code (a minute on a busy machine).
 */
async function decodeQr(page: Page, selector: string): Promise<string | null> {
  const pixels = await page
    .locator(selector)
    .first()
    .evaluate(async (svg) => {
      const size = 400;
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext("2d");
      if (!ctx) return null;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, size, size);
      ctx.drawImage(image, 0, 0, size, size);
      const bytes = ctx.getImageData(0, 0, size, size).data;
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { size, base64: btoa(binary) };
    });
  if (!pixels) return null;
  const data = new Uint8ClampedArray(Buffer.from(pixels.base64, "base64"));
  return jsQR(data, pixels.size, pixels.size)?.data ?? null;
}

const SERVICE = "amhs-kfla-crisis-line";

describe("service page: something to take away", () => {
  // One tab per language serves both sizes (resized, back on screen media, the page loaded again).
  const tabFor = tabPerLanguage(() => app, {
    uses: 2,
    reuse: (tab) => tab.emulateMedia({ media: "screen" }),
  });
  for (const v of VARIANTS) {
    it(`QR code, print slip and directions (${v.lang}, ${v.size})`, async () => {
      const record = (
        await api<{
          data: { name: { en: string; fr: string }; locations: Array<{ lat: number; lng: number }> };
        }>(app, `/api/v1/services/${SERVICE}`)
      ).data;
      const name = record.name[v.lang];
      const page = await tabFor(v.locale, v.viewport);
      await page.goto(`/services/${SERVICE}`);
      await page.locator("[data-testid=service-qr]").first().waitFor();

      // The QR code is a contact card a camera reads with no data: no address of this site in it.
      const card = await decodeQr(page, ".takeaway [data-testid=service-qr]");
      expect(card).not.toBeNull();
      const lines = (card ?? "").split("\r\n");
      expect(lines[0]).toBe("BEGIN:VCARD");
      expect(lines).toContain(`FN:${name}`);
      expect(lines).toContain("TEL;TYPE=VOICE:613-544-4229");
      expect(lines).toContain("TEL;TYPE=VOICE:1-866-616-6005");
      expect(lines).toContain("ADR;TYPE=WORK:;;552 Princess Street;Kingston;ON;K7L 1C7;Canada");
      // Open every day around the clock: one line for the week, in words, as the page's table says it.
      expect(lines.find((l) => l.startsWith("NOTE:"))).toBe(
        v.lang === "en"
          ? "NOTE:Opening hours: Monday–Sunday: Open 24 hours"
          : "NOTE:Heures d’ouverture\u00a0: Lundi–Dimanche\u00a0: Ouvert 24 h sur 24",
      );
      const hoursTable = (await page.locator("table.hours").textContent()) ?? "";
      expect(hoursTable).toContain(v.lang === "en" ? "Open 24 hours" : "Ouvert 24 h sur 24");
      expect(hoursTable).not.toMatch(/\d\d:\d\d/);
      expect(lines.at(-1)).toBe("END:VCARD");
      expect(card).not.toMatch(/https?:|127\.0\.0\.1|localhost/);

      // The address is a directions link: geo: for the phone's map app, OpenStreetMap beside it.
      const { lat, lng } = record.locations[0];
      expect(await page.getByTestId("service-directions-geo").getAttribute("href")).toBe(`geo:${lat},${lng}`);
      expect(await page.getByTestId("service-directions-map").getAttribute("href")).toBe(
        `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
      );
      expect(await page.getByTestId("print-slip").isVisible()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `takeaway-service-${v.lang}-${v.size}`);

      // Print: one slip in the page's language; the header, menu, exit bar and page are not printed.
      await page.emulateMedia({ media: "print" });
      const slip = page.getByTestId("print-slip");
      expect(await slip.isVisible()).toBe(true);
      for (const hidden of ["header", "nav", ".exit-bar", ".takeaway", "p.lead", "dl.facts"]) {
        const all = await page.locator(hidden).evaluateAll((els) => els.map((el) => el.checkVisibility()));
        expect(all.filter(Boolean), hidden).toEqual([]);
      }
      const text = (await slip.innerText()).replace(/\s+/g, " ");
      expect(text).toContain(name);
      expect(text).toContain("613-544-4229");
      expect(text).toContain("552 Princess Street");
      expect(text).toContain(v.lang === "en" ? "Opening hours" : "Heures d’ouverture");
      expect(text).toContain(v.lang === "en" ? "How to apply" : "Comment faire une demande");
      expect(await decodeQr(page, "[data-testid=print-slip] [data-testid=service-qr]")).toBe(card);
      await saveScreenshot(page, `takeaway-print-${v.lang}-${v.size}`);
      await page.emulateMedia({ media: "screen" });
    });
  }
});

describe("hospitals within reach", () => {
  it("shows a hospital's address, directions, the health line and what its figure is, in both languages and sizes", async () => {
    const chum = (
      await api<{ data: Array<{ id: string; latitude: number; longitude: number }> }>(
        app,
        "/api/hospitals?province=QC",
      )
    ).data.find((h) => h.id === "ca-qc-chum");
    expect(chum).toBeDefined();
    await checkEverywhere(app, "/waits/ca-qc-chum", "takeaway-hospital", async (page, lang) => {
      const contact = page.getByTestId("hospital-contact");
      await contact.waitFor();
      // A label's colon as each language writes it (a no-break space before it in French).
      expect(await contact.locator(".address").textContent()).toMatch(
        lang === "en" ? /^Address: \S/ : /^Adresse\u00a0: \S/,
      );
      expect(await contact.locator(".address").innerText()).toContain(
        "1000, rue Saint-Denis, Montréal QC H2X 0A9",
      );
      expect(await contact.getByTestId("directions-geo").getAttribute("href")).toBe(
        `geo:${chum?.latitude},${chum?.longitude}`,
      );
      expect(await contact.getByTestId("directions-map").getAttribute("href")).toContain(
        `mlat=${chum?.latitude}&`,
      );
      const line = contact.getByTestId("health-line").locator('a[href="tel:811"]');
      expect(await line.innerText()).toBe(
        lang === "en" ? "call Info-Santé at 811" : "appelez Info-Santé au 811",
      );
      await page.getByTestId("hospital-latest").waitFor();
      expect(await page.getByTestId("hospital-latest").innerText()).toMatch(
        lang === "en" ? / · rolling average, / : / · moyenne mobile, /,
      );
    });
  });

  it("gives every card its address, phone, directions and 811, and says a monthly figure is a monthly average", async () => {
    for (const v of VARIANTS.filter((x) => x.size === "phone")) {
      const page = await app.newPage({ locale: v.locale, viewport: v.viewport });
      await page.goto("/waits?province=ON");
      await page.getByTestId("latest-figure").first().waitFor();
      const card = page.locator(".hospital", { has: page.getByTestId("latest-figure") }).first();
      expect(await card.locator(".address").isVisible()).toBe(true);
      expect(await card.locator(".phone a[href^='tel:']").count()).toBe(1);
      expect(await card.getByTestId("directions-geo").getAttribute("href")).toMatch(
        /^geo:-?\d+\.\d+,-?\d+\.\d+$/,
      );
      expect(await card.locator('a[href="tel:811"]').innerText()).toBe(
        v.lang === "en" ? "Advice: Health811 811" : "Conseils\u00a0: Santé811 811",
      );
      // innerText is the rendered text, which can come a frame after the element on a busy
      // machine (it read "" once in CI after the Quebec page's load): poll rather than read once.
      await expect
        .poll(() => card.getByTestId("latest-figure").innerText())
        .toMatch(
          v.lang === "en" ? / · monthly average, [A-Z][a-z]+ \d{4}$/ : / · moyenne du mois, [a-zéû]+ \d{4}$/,
        );
      // A Quebec card, from a live feed: the figure's statistic and time of day.
      await page.goto("/waits?province=QC");
      await expect
        .poll(() => page.getByTestId("latest-figure").first().innerText())
        .toMatch(
          v.lang === "en" ? / · rolling average, .*\d:\d\d [ap]\.?m\.?$/i : / · moyenne mobile, .*\d h \d\d$/,
        );
      await page.context().close();
    }
  });

  it("says on the compare page which figure is a monthly average and which a rolling one, each apart", async () => {
    await checkEverywhere(
      app,
      "/waits/compare?a=ca-on-ottawa-civic&b=ca-qc-chum",
      "takeaway-compare",
      async (page, lang) => {
        // Not comparable: no row sets the two figures side by side; each has its own block.
        const figures = page.getByTestId("separate-latest").locator(".latest");
        await figures.first().waitFor();
        expect(await page.getByTestId("compare-latest").count()).toBe(0);
        // The labels need the saved registry (each hospital's rhythm), which may come a moment later.
        await expect
          .poll(() => figures.first().innerText())
          .toMatch(lang === "en" ? /monthly average, / : /moyenne du mois, /);
        expect(await figures.nth(1).innerText()).toMatch(
          lang === "en" ? /rolling average, / : /moyenne mobile, /,
        );
        expect(await page.locator("[data-testid=brief] details[open]").count()).toBe(0);
      },
    );
  });
});

describe("wait-time formats and gaps", () => {
  it("writes the axis in fr-CA, cuts the CHUM line at its gaps and names only the lines drawn", async () => {
    const trend = (
      await api<{
        data: { dataPoints: Array<{ timestamp: string; value: number; min: number; max: number }> };
      }>(app, "/api/hospitals/ca-qc-chum/trends?period=7d")
    ).data.dataPoints;
    const times = trend.map((p) => Date.parse(p.timestamp));
    // Quebec publishes hourly: a stretch of more than 3 hours without a report is a gap.
    const gaps = times.slice(1).filter((t, i) => t - times[i] > 3 * 3_600_000).length;
    expect(gaps).toBeGreaterThan(0);
    const bands = trend.some((p) => p.min !== p.value) || trend.some((p) => p.max !== p.value);

    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/waits/ca-qc-chum?period=7d");
    const chart = page.locator(".trend-chart[data-ticks]");
    await chart.waitFor();
    const ticks = (await chart.getAttribute("data-ticks")) ?? "";
    expect(ticks).toMatch(/\d h|\d+ (nov|déc|oct)\./);
    expect(ticks).not.toMatch(/am|pm|\d+\/\d+/i);
    expect(Number(await chart.getAttribute("data-cuts"))).toBe(gaps);
    const legend = await page.locator(".trend-chart .u-legend .u-series th").allInnerTexts();
    expect(legend.some((l) => /Minimum|Maximum/.test(l))).toBe(bands);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "takeaway-chart-fr-phone");

    // Settings: storage sizes in octets.
    await page.goto("/settings");
    await expect
      .poll(async () => (await page.locator("main").innerText()).match(/\d\s(o|ko|Mo|Go)\b/) !== null)
      .toBe(true);
    expect(await page.locator("main").innerText()).not.toMatch(/\d\s?(KB|MB|GB)\b/);
    await page.context().close();
  });
});
