// Hospital page: every period's chart drawn from the API's series, a tooltip on pointing, the unit
// and the methodology in words under the chart (EN and FR); the compare page's French brief.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comparison } from "../../shared/waittimes/schemas";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { DESKTOP, PHONE } from "./helpers/browser";
import { api, chartPoints, checkEverywhere, drawnPixels, expectedExplanation } from "./helpers/waits";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

interface ApiHospital {
  id: string;
  name: string;
  cadence_seconds: number;
  source_name: string;
  methodology: { statistic_type: string; start_event: string };
}
const firstOf = async (province: string) =>
  (await api<{ data: ApiHospital[] }>(app, `/api/hospitals?province=${province}`)).data[0];
const points = async (id: string, period: string) =>
  (await api<{ data: { dataPoints: unknown[] } }>(app, `/api/hospitals/${id}/trends?period=${period}`)).data
    .dataPoints.length;

const PERIODS = [
  ["24h", "24 hours"],
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["90d", "90 days"],
  ["6m", "6 months"],
  ["1y", "1 year"],
] as const;

describe("hospital page", () => {
  it("draws the API's series for each of the six periods, reached by keyboard", async () => {
    const bc = await firstOf("BC");
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto(`/waits/${bc.id}`);
    await page.locator("h1", { hasText: bc.name }).waitFor();
    let drawn = 0;
    for (const [period, label] of PERIODS) {
      const link = page.getByRole("link", { name: label, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`**/waits/${bc.id}?period=${period}`);
      expect(await link.getAttribute("aria-current")).toBe("page");
      const expected = await points(bc.id, period);
      if (expected === 0) {
        await page.getByText("No figures were reported in this period.").waitFor();
        continue;
      }
      drawn++;
      await expect.poll(() => chartPoints(page, ".trend-chart")).toBe(expected);
      expect(await drawnPixels(page, ".trend-chart")).toBeGreaterThan(500);
    }
    // The demo history covers a year, so every period has figures.
    expect(drawn).toBe(PERIODS.length);
  });

  it("reads a tapped point in the legend under the chart on a phone, formatted, never over the plot", async () => {
    const bc = await firstOf("BC");
    // The full browser: after a tap the headless shell moves its mouse back to the page's corner,
    // which the chart reads as the finger leaving; a phone's browser does not.
    const context = await app.newContext({
      browser: "full",
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`/waits/${bc.id}?period=30d`);
    const over = page.locator(".trend-chart .u-over");
    await over.waitFor();
    const legend = page.locator(".trend-chart .u-legend");
    // Before a point is chosen the legend is a key of the lines: no "--", no number.
    expect(await legend.innerText()).toMatch(/Average/);
    expect(await legend.innerText()).not.toMatch(/--|\d/);
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => legend.innerText()).toMatch(/\d/);
    const [when, ...figures] = await legend.locator(".u-value").allInnerTexts();
    // A daily bucket reads as its date; each figure in hours and minutes, never "130.57".
    expect(when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(figures).toHaveLength(3);
    for (const f of figures) expect(f).toMatch(/^(\d+ h \d{2} min|\d+ min)$/);
    expect(await legend.innerText()).not.toMatch(/\d\.\d|--/);
    // The read-out sits under the plot: nothing covers the lines.
    const legendBox = (await legend.boundingBox())!;
    expect(legendBox.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
    expect(await page.locator(".trend-chart .u-over .chart-tooltip").count()).toBe(0);
    // Sliding a finger along the plot moves the read-out (uPlot alone follows only a mouse).
    await over.evaluate((el, x) => {
      const rect = el.getBoundingClientRect();
      const touch = new Touch({ identifier: 1, target: el, clientX: rect.left + x, clientY: rect.top + 20 });
      el.dispatchEvent(new TouchEvent("touchmove", { touches: [touch], bubbles: true }));
    }, 4);
    await expect.poll(async () => (await legend.locator(".u-value").allInnerTexts())[0]).not.toBe(when);
    await context.close();
  });

  it("opens an Ontario hospital on a year of monthly figures, each stamped with its month", async () => {
    const on = (
      await api<{ data: Array<ApiHospital & { latest: { observed_at: string } | null }> }>(
        app,
        "/api/hospitals?province=ON&include=latest",
      )
    ).data.find((h) => h.latest !== null)!;
    const trends = await api<{ data: { dataPoints: Array<{ timestamp: string }> } }>(
      app,
      `/api/hospitals/${on.id}/trends?period=1y`,
    );
    const month = (iso: string, locale: string) =>
      new Date(iso).toLocaleDateString(locale, { month: "long", year: "numeric", timeZone: "UTC" });
    // West of Greenwich, where a month's first instant (UTC) is still the month before.
    for (const [locale, lang, word] of [
      ["en-CA", "en", "monthly average,"],
      ["fr-CA", "fr", "moyenne du mois,"],
    ] as const) {
      const context = await app.newContext({
        viewport: DESKTOP,
        locale,
        timezoneId: "America/Toronto",
      });
      const page = await context.newPage();
      await page.goto(`/waits/${on.id}`);
      await page.locator(".trend-chart canvas").waitFor();
      expect(await page.locator(".segmented [aria-current]").textContent()).toBe(
        lang === "en" ? "1 year" : "1 an",
      );
      expect(await page.locator("[data-testid=hospital-latest]").textContent()).toMatch(
        new RegExp(` · ${word} ${month(on.latest!.observed_at, lang)}$`),
      );
      // Its phone, labelled as each language writes a colon (a no-break space before it in French).
      expect(await page.getByTestId("hospital-contact").locator(".phone").textContent()).toMatch(
        lang === "en" ? /^Phone: \S/ : /^Téléphone\u00a0: \S/,
      );
      await page.locator(".trend-table summary").click();
      const rows = await page.locator(".trend-table tbody th").allTextContents();
      expect(rows).toEqual(trends.data.dataPoints.map((p) => month(p.timestamp, lang)));
      expect(await page.locator("main").innerText()).not.toMatch(/12:00|00 h 00|8:00 PM|20 h 00/);
      await context.close();
    }
  });

  it("states the unit and the methodology in words under the chart, in English and French", async () => {
    const bc = await firstOf("BC");
    const minutes = bc.cadence_seconds / 60;
    expect(bc.methodology.statistic_type).toBe("P90");
    const en = await app.newPage({ viewport: DESKTOP });
    await en.goto(`/waits/${bc.id}?period=7d`);
    const sentence = en.locator("[data-testid=methodology-sentence]");
    await expect
      .poll(() => sentence.textContent())
      .toBe(
        `Time from triage to seeing a physician, 90th percentile, updated about every ${minutes} minutes.`,
      );
    expect(await en.locator("[data-testid=unit]").textContent()).toBe("Unit: minutes.");
    expect(await en.getByText(`Published by ${bc.source_name}.`).count()).toBe(1);
    // The note sits under the chart.
    const chartBox = (await en.locator(".trend-chart").boundingBox())!;
    const noteBox = (await en.locator(".method-note").boundingBox())!;
    expect(noteBox.y).toBeGreaterThan(chartBox.y + chartBox.height - 1);

    const fr = await app.newPage({ viewport: DESKTOP, locale: "fr-CA" });
    await fr.goto(`/waits/${bc.id}?period=7d`);
    await expect
      .poll(() => fr.locator("[data-testid=methodology-sentence]").textContent())
      .toBe(
        `Temps entre le triage et la rencontre avec un médecin, 90e centile, mis à jour environ toutes les ${minutes} minutes.`,
      );
    expect(await fr.locator("[data-testid=unit]").textContent()).toBe("Unité\u00a0: minutes.");
  });

  it("passes axe in EN and FR at phone and desktop sizes, with a point chosen", async () => {
    const on = await firstOf("ON");
    await checkEverywhere(app, `/waits/${on.id}`, "waits-hospital", async (page) => {
      await page.locator(".trend-chart canvas").waitFor();
      await page.locator("[data-testid=methodology-sentence]").waitFor();
      const over = page.locator(".trend-chart .u-over");
      await over.scrollIntoViewIfNeeded();
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      await page.locator(".uplot.point-chosen").waitFor();
    });
  });
});

describe("compare page in French", () => {
  it("leads with one French sentence, then one short line per differing field, details folded", async () => {
    const [ab, qc] = [await firstOf("AB"), await firstOf("QC")];
    const expected = await api<Comparison>(app, `/api/compare?a=${ab.id}&b=${qc.id}&lang=fr`);
    expect(expected.divergence_brief).toMatch(/^Ces chiffres ne sont pas directement comparables/);
    const page = await app.newPage({ viewport: DESKTOP, locale: "fr-CA" });
    await page.goto(`/waits/compare?a=${ab.id}&b=${qc.id}`);
    const brief = page.locator("[data-testid=brief]");
    await brief.waitFor();
    const explained = expectedExplanation(expected, "fr");
    expect(await page.locator("[data-testid=comparable]").textContent()).toBe(
      "Pas comparables\u00a0: ces hôpitaux ne démarrent pas le chronomètre au même moment.",
    );
    expect(explained.headline).toBe(await page.locator("[data-testid=comparable]").textContent());
    expect(await brief.textContent()).toBe(explained.list);
    const lines = brief.locator("li > details > summary");
    expect(await lines.count()).toBe(expected.differing_fields.length);
    // Folded: the details are closed until asked for, each line is short.
    expect(await brief.locator("details[open]").count()).toBe(0);
    // Short apart from the two hospitals' names, which are what they are.
    const names = [expected.hospital_a.name, expected.hospital_b.name];
    for (const line of await lines.allTextContents())
      expect(names.reduce((l, n) => l.split(n).join(""), line).length).toBeLessThan(110);
    await lines.first().click();
    expect(await brief.locator("details[open] p").first().isVisible()).toBe(true);
    expect(await brief.evaluate((el) => el.closest("[lang]")?.getAttribute("lang"))).toBe("fr");
    // The brief comes before the methodology table and any figure.
    expect(
      await page.evaluate(() => {
        const b = document.querySelector("[data-testid=brief]");
        const table = document.querySelector("#comparison-heading ~ .table-scroll");
        return Boolean(b && table && b.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    await checkEverywhere(app, `/waits/compare?a=${ab.id}&b=${qc.id}`, "waits-compare", async (p) => {
      await p.locator("[data-testid=brief]").waitFor();
    });
  });

  it("draws both series on one chart only when the methodologies match", async () => {
    const ab = (await api<{ data: ApiHospital[] }>(app, "/api/hospitals?province=AB")).data;
    const qc = await firstOf("QC");
    const same = await api<{ comparable: boolean }>(app, `/api/compare?a=${ab[0].id}&b=${ab[1].id}`);
    expect(same.comparable).toBe(true);
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto(`/waits/compare?a=${ab[0].id}&b=${ab[1].id}`);
    const chart = page.locator(".compared-chart[data-series]");
    await chart.waitFor();
    expect(await chart.getAttribute("data-series")).toBe("2");
    const a = await points(ab[0].id, "7d");
    const b = await points(ab[1].id, "7d");
    const drawn = Number(await chart.getAttribute("data-points"));
    expect(drawn).toBeGreaterThanOrEqual(Math.max(a, b));
    expect(drawn).toBeLessThanOrEqual(a + b);
    expect(await drawnPixels(page, ".compared-chart")).toBeGreaterThan(500);
    // Comparable figures share the table's row, and only then.
    expect(await page.locator("[data-testid=compare-latest]").count()).toBe(1);
    expect(await page.locator("[data-testid=separate-latest]").count()).toBe(0);

    // Different methodologies: the page says why and draws nothing.
    await page.goto(`/waits/compare?a=${ab[0].id}&b=${qc.id}`);
    await page.locator("[data-testid=no-chart]").waitFor();
    expect(await page.locator("[data-testid=no-chart]").textContent()).toMatch(/not drawn on one chart/);
    expect(await page.locator("#comparison-heading ~ * canvas, .compared-chart").count()).toBe(0);
    expect(await page.locator("[data-testid=compare-latest]").count()).toBe(0);
  });
});
