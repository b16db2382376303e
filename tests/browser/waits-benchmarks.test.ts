// Province benchmarks (distribution per methodology group, percentile, quartile, trend arrow) and
// the Quebec occupancy panel (current status and the three statuses explained), against the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Benchmarks } from "../../shared/waittimes/schemas";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { ruleViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { api, chartPoints, checkEverywhere, drawnPixels, RAW_CODE } from "./helpers/waits";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const ARROW = { improving: "↓", stable: "→", worsening: "↑" } as const;

describe("province benchmarks", () => {
  it("is reached from the wait-times page and shows each group's distribution and ranking", async () => {
    const { data } = await api<{ data: Benchmarks }>(app, "/api/analytics/benchmarks?province=QC&period=30d");
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits?province=QC");
    await page.getByRole("link", { name: "Province benchmarks" }).click();
    await page.waitForURL("**/waits/benchmarks?province=QC");
    await page.locator("section.bench-group").first().waitFor();
    expect(await page.locator("section.bench-group").count()).toBe(data.groups.length);
    const group = data.groups[0];
    const members = data.hospitals.filter((h) => h.group === group.key);
    const section = page.locator(`section.bench-group[data-group="${group.key}"]`);
    expect(await section.locator("h2").textContent()).toMatch(
      /^Group 1: Time from registration to seeing a physician, rolling average$/,
    );
    expect(await section.locator("table.data tbody tr").count()).toBe(members.length);
    // The chart plots every hospital that reported, as a canvas with pixels drawn.
    const reporting = members.filter((h) => h.period_mean !== null).length;
    expect(reporting).toBeGreaterThan(0);
    expect(
      await chartPoints(page, `section.bench-group[data-group="${group.key}"] .distribution-chart`),
    ).toBe(reporting);
    expect(
      await drawnPixels(page, `section.bench-group[data-group="${group.key}"] .distribution-chart`),
    ).toBeGreaterThan(200);
    // Each row: the hospital's percentile, quartile and trend with its arrow, as the API says.
    for (const h of members.slice(0, 6)) {
      const row = section.locator("table.data tbody tr", {
        has: page.getByRole("link", { name: h.name, exact: true }),
      });
      expect(await row.locator("[data-testid=percentile]").textContent()).toBe(
        h.percentile === null ? "–" : String(Math.round(h.percentile)),
      );
      expect(await row.locator("td").nth(2).textContent()).toBe(h.quartile === null ? "–" : `Q${h.quartile}`);
      const trend = await row.locator("[data-testid=trend]").textContent();
      expect(trend?.startsWith(h.trend ? `${ARROW[h.trend]}${h.trend}` : "·no trend")).toBe(true);
    }
    // Ranked by percentile within the group: shortest waits first.
    const shown = await section.locator("[data-testid=percentile]").allTextContents();
    const ranked = shown.filter((p) => p !== "–").map(Number);
    expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
  });

  it("switches period and province by link and keeps the period", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits/benchmarks?province=QC&period=30d");
    await page.locator("section.bench-group").first().waitFor();
    await page.getByRole("link", { name: "7 days", exact: true }).click();
    await page.waitForURL("**/waits/benchmarks?province=QC&period=7d");
    await page.getByRole("link", { name: "Alberta", exact: true }).click();
    await page.waitForURL("**/waits/benchmarks?province=AB&period=7d");
    const { data } = await api<{ data: Benchmarks }>(app, "/api/analytics/benchmarks?province=AB&period=7d");
    await expect
      .poll(() => page.locator("section.bench-group table.data tbody tr").count())
      .toBe(data.hospitals.length);
    expect(await page.getByRole("link", { name: "Alberta", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  // One test per language: both in one took 47 s in a clean-clone run on a slow, busy machine.
  for (const lang of ["en", "fr"] as const) {
    it(`says Ontario's figures are monthly, not an average of the chosen period (${lang})`, async () => {
      const { data } = await api<{ data: Benchmarks }>(
        app,
        "/api/analytics/benchmarks?province=ON&period=24h",
      );
      expect(data.figure_period).toBe("month");
      const month = new Date(`${data.figure_month}-01T12:00:00Z`).toLocaleDateString(`${lang}-CA`, {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      await checkEverywhere(
        app,
        "/waits/benchmarks?province=ON&period=24h",
        "waits-benchmarks-on",
        async (page) => {
          const notice = page.getByTestId("bench-monthly");
          await notice.waitFor();
          expect(await notice.textContent()).toBe(
            lang === "fr"
              ? `Cette province publie un chiffre par mois. Chaque chiffre ci-dessous est celui de l’hôpital pour ${month}, comparé au mois précédent\u00a0: ce n’est pas une moyenne sur la période choisie ci-dessus.`
              : `This province publishes one figure a month. Every figure below is the hospital's figure for ${month}, compared with the month before: it is not an average over the period chosen above.`,
          );
          // The table's column says so too, rather than "Period average".
          expect(await page.locator("section.bench-group thead th").nth(1).textContent()).toBe(
            lang === "fr" ? "Chiffre du mois" : "Figure for the month",
          );
          // A waiting time is never a reason to wait in an emergency: 911 on every wait-time page.
          expect(await page.locator('main a[href="tel:911"]').count()).toBe(1);
        },
        { lang },
      );
    });
  }

  it("has no monthly notice for a province publishing through the day", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits/benchmarks?province=AB&period=24h");
    await page.locator("section.bench-group").first().waitFor();
    expect(await page.getByTestId("bench-monthly").count()).toBe(0);
    expect(await page.locator("section.bench-group thead th").nth(1).textContent()).toBe("Period average");
  });

  for (const lang of ["en", "fr"] as const) {
    it(`passes axe at phone and desktop sizes (${lang})`, async () => {
      await checkEverywhere(
        app,
        "/waits/benchmarks?province=BC",
        "waits-benchmarks",
        async (page) => {
          await page.locator(".distribution-chart canvas").waitFor();
          await page
            .locator("h1", { hasText: lang === "fr" ? "Comparaisons provinciales" : "Province benchmarks" })
            .waitFor();
        },
        { lang },
      );
    });
  }
});

describe("wait-times list with its new links", () => {
  it("offers compare, benchmarks and occupancy by keyboard, and passes axe in EN and FR", async () => {
    const page = await app.newPage();
    await page.goto("/waits?province=QC");
    await page.locator(".hospital").first().waitFor();
    const links = page.locator(".waits-links a");
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/waits/compare",
      "/waits/benchmarks?province=QC",
      "/waits/occupancy",
    ]);
    // On a phone the links sit in the folded "about these figures" section: open it by keyboard.
    const about = page.locator(".waits-about summary");
    if (!(await links.nth(1).isVisible())) {
      await about.focus();
      await page.keyboard.press("Enter");
    }
    await links.nth(1).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/waits/benchmarks?province=QC");
  });
});

describe("tables and words on a phone", () => {
  it("fits each table on a phone or says it scrolls, and shows no codes or raw numbers, in EN and FR", async () => {
    const ab = (await api<{ data: Array<{ id: string }> }>(app, "/api/hospitals?province=AB")).data[0];
    const qc = (await api<{ data: Array<{ id: string }> }>(app, "/api/hospitals?province=QC")).data[0];
    for (const locale of ["en-CA", "fr-CA"]) {
      const page = await app.newPage({ locale });
      for (const path of [
        "/waits/benchmarks?province=QC",
        `/waits/compare?a=${ab.id}&b=${qc.id}`,
        "/waits/occupancy",
      ]) {
        await page.goto(path);
        await page.locator("main table").first().waitFor();
        if (path.includes("compare")) await page.locator("[data-testid=brief]").waitFor();
        // Let the overflow watcher settle on the laid-out tables.
        await page.waitForFunction(() => document.querySelectorAll(".table-scroll").length > 0);
        const regions = await page.locator("main .table-scroll").evaluateAll((els) =>
          els
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .map((el) => {
              const hint = el.previousElementSibling;
              return {
                overflows: el.scrollWidth > el.clientWidth + 1,
                hinted:
                  hint?.classList.contains("scroll-hint") === true &&
                  getComputedStyle(hint).display !== "none",
              };
            }),
        );
        expect(regions.length, path).toBeGreaterThan(0);
        for (const r of regions) expect(r.overflows ? r.hinted : !r.hinted, `${path} ${locale}`).toBe(true);
        // The compare table (three columns) fits; the page itself never scrolls sideways.
        if (path.includes("compare")) expect(regions.every((r) => !r.overflows)).toBe(true);
        else expect(regions.some((r) => r.overflows)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await page.locator("main").innerText(), `${path} ${locale}`).not.toMatch(RAW_CODE);
        // The scrolling box is not a second landmark named like the section holding it.
        expect(await ruleViolations(page, ["landmark-unique"]), `${path} ${locale}`).toEqual([]);
        if (!path.includes("occupancy"))
          expect(await page.locator("main .table-scroll[tabindex='0'][role=group][aria-label]").count()).toBe(
            regions.length,
          );
      }
    }
  });
});

describe("Quebec occupancy", () => {
  it("shows the current status, its figures, and all three statuses in plain words", async () => {
    const occ = await api<{
      status: string;
      data: { hospitals?: Array<{ observed_at: string }>; hospitals_reporting?: number };
    }>(app, "/api/analytics/occupancy?province=QC");
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/waits");
    await page.getByRole("link", { name: "Quebec stretcher occupancy" }).click();
    await page.waitForURL("**/waits/occupancy");
    const label = {
      available: "Current figures",
      no_reporting_data: "No current figures",
      not_available_yet: "Not set up yet",
    };
    await expect
      .poll(() => page.locator("[data-testid=occupancy-status]").textContent())
      .toBe(`Status now: ${label[occ.status as keyof typeof label]}`);
    const cards = page.locator(".status-card");
    expect(await cards.count()).toBe(3);
    expect(await page.locator(".status-card[aria-current=true]").getAttribute("data-status")).toBe(
      occ.status,
    );
    expect(await cards.nth(1).textContent()).toContain("holds no figures from the last 3 hours");
    expect(await cards.nth(2).textContent()).toContain("never received the Quebec feed");
    if (occ.status === "available") {
      expect(await page.locator("[data-testid=occupancy-table] tbody tr").count()).toBe(
        occ.data.hospitals?.length,
      );
      expect(await page.locator("[data-testid=occupancy-summary]").textContent()).toMatch(
        new RegExp(`^${occ.data.hospitals_reporting} hospitals reporting\\. Average occupancy`),
      );
      // Each row carries the time of its own figure; the line above the table names the newest.
      expect(
        await page
          .locator("[data-testid=reported] time")
          .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime"))),
      ).toEqual(occ.data.hospitals?.map((h) => h.observed_at));
      expect(await page.locator("[data-testid=reported]").first().textContent()).toMatch(/\d:\d\d/);
      expect(await page.locator("[data-testid=occupancy-as-of]").textContent()).toMatch(
        /^Newest figure: .+\. Each row gives the time of its own figure\.$/,
      );
    }
    // The demo seeds Quebec occupancy, so the figures must be there.
    expect(occ.status).toBe("available");
  });

  it("passes axe in EN and FR at phone and desktop sizes", async () => {
    await checkEverywhere(app, "/waits/occupancy", "waits-occupancy", async (page) => {
      await page.locator("[data-testid=occupancy-status]").waitFor();
      await page.locator(".status-card").first().waitFor();
    });
  });
});
