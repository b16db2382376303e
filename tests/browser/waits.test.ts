import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWait } from "../../web/data/waittimes/formatWait";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { readStore } from "./helpers/idb";
import { saveScreenshot } from "./helpers/screenshots";
import { expectedExplanation } from "./helpers/waits";

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
  methodology: { metric_family: string };
}
async function apiHospitals(province: string): Promise<ApiHospital[]> {
  const res = await fetch(`${app.baseUrl}/api/hospitals?province=${province}`);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}
const sortedNames = (list: Array<{ name: string }>) =>
  list.map((h) => h.name).sort((a, b) => a.localeCompare(b));
const shown = (page: Page) => page.locator(".hospital h3").allTextContents();

describe("wait times page", () => {
  it("lists the province's hospitals from the API and switches province by link", async () => {
    const page = await app.newPage();
    await page.goto("/waits");
    const on = await apiHospitals("ON");
    expect(on.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator(".hospital").count()).toBe(on.length);
    expect(await shown(page)).toEqual(sortedNames(on));
    expect(await page.getByRole("link", { name: "Ontario", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );

    await page.getByRole("link", { name: "Quebec", exact: true }).click();
    await page.waitForURL("**/waits?province=QC");
    const qc = await apiHospitals("QC");
    await expect.poll(() => shown(page)).toEqual(sortedNames(qc));
    expect(await page.locator("h2#hospital-list-heading").textContent()).toBe("Quebec");
  });

  it("shows each hospital's latest figure, a monthly one stamped with its month", async () => {
    const page = await app.newPage();
    await page.goto("/waits?province=ON");
    const res = await fetch(`${app.baseUrl}/api/hospitals?province=ON&include=latest`);
    const on = (await res.json()).data as Array<
      ApiHospital & { latest: { value: number; observed_at: string } | null }
    >;
    const withFigure = on.filter((h) => h.latest !== null);
    expect(withFigure.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator("[data-testid=latest-figure]").count()).toBe(withFigure.length);
    for (const h of withFigure.slice(0, 5)) {
      const card = page.locator(".hospital", { has: page.getByRole("link", { name: h.name, exact: true }) });
      const month = new Date(h.latest!.observed_at).toLocaleDateString("en", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      expect(await card.locator("[data-testid=latest-figure]").textContent()).toBe(
        `Latest figure: ${formatWait(h.latest!.value, h.methodology.metric_family, "en")} · monthly average, ${month}`,
      );
    }
  });

  it("says once, at the province, when none of its hospitals has a recent figure (its feed is quiet)", async () => {
    const page = await app.newPage();
    // Alberta's feed has stopped: the server's latest figures for its hospitals are all null.
    await page.route("**/api/hospitals?include=latest", async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Array<{ province: string; latest?: unknown }> };
      for (const h of body.data) if (h.province === "AB") h.latest = null;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto("/waits?province=AB");
    const quiet = page.getByTestId("province-quiet");
    await quiet.waitFor();
    expect(await quiet.textContent()).toBe(
      "Alberta: no hospital has a recent figure. The figures the province publishes have not reached this site lately; its emergency departments are open as usual.",
    );
    // A province whose hospitals report has no such notice.
    await page.getByRole("link", { name: "British Columbia", exact: true }).click();
    await page.locator("[data-testid=latest-figure]").first().waitFor();
    expect(await quiet.count()).toBe(0);
  });

  it("saves every province with the first sync and shows any of them offline, saying how old it is", async () => {
    const page = await app.newPage({ serviceWorker: true });
    await page.goto("/waits?province=AB");
    await waitForServiceWorkerControl(page);
    const ab = await apiHospitals("AB");
    await expect.poll(() => page.locator(".hospital").count()).toBe(ab.length);
    const all = (await (await fetch(`${app.baseUrl}/api/hospitals`)).json()).data as ApiHospital[];
    await expect
      .poll(async () => (await readStore<{ id: string }>(page, "hospitals")).map((h) => h.id).sort())
      .toEqual(all.map((h) => h.id).sort());

    const figures = await page.locator("[data-testid=latest-figure]").allTextContents();

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => shown(page)).toEqual(sortedNames(ab));
    expect(await page.locator("[data-testid=latest-figure]").allTextContents()).toEqual(figures);
    expect(await page.locator("[data-testid=hospital-count]").textContent()).toContain(
      "saved on this device",
    );

    // A province never opened on this device is there too.
    await page.getByRole("link", { name: "British Columbia" }).click();
    const bc = await apiHospitals("BC");
    await expect.poll(() => shown(page)).toEqual(sortedNames(bc));
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.context().setOffline(false);
  });

  it("opens a hospital's history with chart, summary and table, and switches period", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits?province=ON");
    const [first] = sortedNames(await apiHospitals("ON"));
    await page.getByRole("link", { name: first, exact: true }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe(first);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    // Ontario publishes monthly: the page opens on the year its figures fill.
    expect(await page.getByRole("link", { name: "1 year" }).getAttribute("aria-current")).toBe("page");
    expect(await page.locator(".segmented [aria-current]").count()).toBe(1);

    // The page must agree with the API for each period: a summary, chart and table row per
    // point when there are figures, a plain statement when there are none.
    let periodsWithData = 0;
    for (const [period, label] of [
      ["1y", "1 year"],
      ["7d", "7 days"],
    ]) {
      if (period !== "1y") {
        await page.getByRole("link", { name: label }).click();
        await page.waitForURL(`**/waits/${id}?period=${period}`);
      }
      const points = (
        await (await fetch(`${app.baseUrl}/api/hospitals/${id}/trends?period=${period}`)).json()
      ).data.dataPoints;
      if (points.length === 0) {
        // An empty period says when the next figure is due and offers the period that has them.
        await page.getByText("No figures were reported in this period.").waitFor();
        expect(await page.locator("[data-testid=next-figure]").textContent()).toMatch(
          /^The latest figure is for \w+ \d{4}; the next one will be for \w+ \d{4}\.$/,
        );
        expect(await page.getByRole("link", { name: "See the 1 year view" }).count()).toBe(1);
        continue;
      }
      periodsWithData++;
      await page.locator(".trend-chart canvas").first().waitFor();
      expect(await page.locator("[data-testid=trend-summary]").textContent()).toMatch(
        /^Over this period: average /,
      );
      await expect.poll(() => page.locator(".trend-table tbody tr").count()).toBe(points.length);
    }
    expect(periodsWithData).toBeGreaterThan(0);
    expect(await page.locator(".segmented [aria-current]").allTextContents()).toEqual(["7 days"]);
    expect(await page.getByText("demonstration data").count()).toBe(1);
    expect(await page.getByRole("link", { name: "All hospitals in Ontario" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "hospital-trends-desktop");
  });

  it("says so when the hospital does not exist", async () => {
    const page = await app.newPage();
    await page.goto("/waits/no-such-hospital");
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("There is no hospital at this address.");
  });

  it("compares two hospitals' methodologies as the API does, and explains refusals", async () => {
    const [on] = await apiHospitals("ON");
    const [qc] = await apiHospitals("QC");
    const expected = await (await fetch(`${app.baseUrl}/api/compare?a=${on.id}&b=${qc.id}`)).json();
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits/compare");
    await page.getByLabel("First hospital").selectOption(on.id);
    await page.getByLabel("Second hospital").selectOption(qc.id);
    await page.getByRole("button", { name: "Compare" }).click();
    await page.waitForURL(`**/waits/compare?a=${on.id}&b=${qc.id}`);
    await page.locator("[data-testid=comparable]").waitFor();
    expect(await page.locator("[data-testid=comparable]").textContent()).toMatch(
      expected.comparable ? /^Comparable/ : /^Not comparable: /,
    );
    expect(await page.locator("tr.differs").count()).toBe(expected.differing_fields.length);
    // What is measured is worded neutrally; the row below it says who ends the wait.
    const row = (n: number) => page.locator(".compare-table tbody tr").nth(n).locator("td");
    expect(await row(0).allTextContents()).toEqual(Array(2).fill("time until first seen by a clinician"));
    expect(await row(2).allTextContents()).toEqual(Array(2).fill("seen by a physician"));
    if (!expected.comparable) {
      // One short line per differing field, each with its explanation folded.
      expect(await page.locator("[data-testid=brief] > li > details > summary").count()).toBe(
        expected.differing_fields.length,
      );
      expect(await page.locator("[data-testid=brief]").textContent()).toBe(
        expectedExplanation(expected, "en").list,
      );
      // Figures measured differently never share a row: each stands under its hospital's name,
      // with what it measures.
      expect(await page.locator("[data-testid=compare-latest]").count()).toBe(0);
      const apart = page.locator("[data-testid=separate-latest]");
      expect(await apart.locator("h3").allTextContents()).toEqual([on.name, qc.name]);
      expect(await apart.locator(".method").allTextContents()).toEqual([
        expect.stringMatching(/^Time from triage to .+, average\.$/),
        expect.stringMatching(/^Time from registration to .+, rolling average\.$/),
      ]);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "compare-desktop");

    await page.goto(`/waits/compare?a=${on.id}&b=${on.id}`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("same hospital");

    // A choice left empty is said to be missing, not taken for the same hospital twice.
    await page.goto(`/waits/compare?a=${on.id}&b=%20`);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Choose a hospital in each of the two lists, then compare.");
  });

  // A person who may be in danger meets the wait times on a phone: before any figure, one calm line
  // to call 911 now, as a number a tap dials (the emergency numbers' own words, then "don't wait").
  it("offers 911 on the first screen of the list and of a hospital's page, in EN and FR", async () => {
    const [qc] = await apiHospitals("QC");
    for (const [locale, words] of [
      ["en-CA", "In an emergency, call 911 now — don't wait."],
      ["fr-CA", "En cas d’urgence, composez le 911 maintenant, n’attendez pas."],
    ]) {
      const page = await app.newPage({ locale });
      for (const path of ["/waits?province=QC", `/waits/${qc.id}`]) {
        await page.goto(path);
        await page.locator("[data-testid=latest-figure], [data-testid=hospital-latest]").first().waitFor();
        const line = page.locator("[data-testid=call-911]");
        expect(await line.count(), `${locale} ${path}`).toBe(1);
        expect((await line.textContent())?.replace(/\s+/g, " ").trim()).toBe(words);
        const link = line.locator('a[href="tel:911"]');
        const box = await link.boundingBox();
        // Whole on the first screen (390 × 844) and big enough to tap.
        expect(box && box.y >= 0 && box.y + box.height <= 844, `${locale} ${path}`).toBe(true);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await page.context().close();
    }
  });

  // The audit measured the first figure 1,202 px down a 390 × 844 phone: an introduction, three
  // links, the provinces and the search filled the first screen. The hospitals come first now; what
  // a figure measures stays beside it (the list's sentence, the card's own label).
  it("shows the first hospitals with their figures on a phone's first screen, in EN and FR", async () => {
    for (const [locale, about] of [
      ["en-CA", "How hospitals measure waits, and other views"],
      ["fr-CA", "Comment lire ces chiffres, et autres vues"],
    ]) {
      const page = await app.newPage({ locale });
      await page.goto("/waits?province=ON");
      const figure = page.locator("[data-testid=latest-figure]").first();
      await figure.waitFor();
      const box = await figure.boundingBox();
      expect(box!.y + box!.height, `${locale}: bottom of the first figure`).toBeLessThanOrEqual(844);
      const usual = await page.locator("[data-testid=usual-method]").boundingBox();
      expect(usual!.y).toBeGreaterThan(0);
      expect(usual!.y + usual!.height).toBeLessThan(box!.y);
      expect(await figure.textContent()).toMatch(/ · (monthly average|moyenne du mois)/);
      // The introduction and the other views are one tap (or Enter) away.
      const summary = page.locator(".waits-about summary");
      expect(await summary.textContent()).toBe(about);
      expect(await page.locator("[data-testid=waits-intro]").isVisible()).toBe(false);
      await summary.focus();
      await page.keyboard.press("Enter");
      expect(await page.locator("[data-testid=waits-intro]").isVisible()).toBe(true);
      expect(await page.locator(".waits-links a").count()).toBe(3);
      await page.context().close();
    }
    // A desktop opens with the introduction and the links shown, and its first figure higher than before.
    const desktop = await app.newPage({ viewport: DESKTOP });
    await desktop.goto("/waits?province=ON");
    const first = desktop.locator("[data-testid=latest-figure]").first();
    await first.waitFor();
    expect(await desktop.locator("[data-testid=waits-intro]").isVisible()).toBe(true);
    expect(await desktop.getByRole("link", { name: "Compare two hospitals" }).isVisible()).toBe(true);
    expect((await first.boundingBox())!.y).toBeLessThan(1015);
  });
});
