// Data-quality page per hospital: coverage timeline chart (uPlot) drawn from the API's days, gaps
// and unusual values listed as the API reports them, reached from the hospital page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HospitalQuality } from "../../web/data/waittimes/dataQuality";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { DESKTOP } from "./helpers/browser";
import { api, chartPoints, checkEverywhere, drawnPixels } from "./helpers/waits";

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
});

const firstOf = async (province: string) =>
  (await api<{ data: Array<{ id: string; name: string }> }>(app, `/api/hospitals?province=${province}`))
    .data[0];
const quality = async (id: string, days: number) =>
  (
    await api<{ data: { hospital: HospitalQuality } }>(
      app,
      `/api/data-quality?hospital_id=${id}&days=${days}`,
    )
  ).data.hospital;

describe("data-quality page", () => {
  it("is reached from the hospital page and charts coverage by day with gaps and anomalies listed", async () => {
    const qc = await firstOf("QC");
    const q = await quality(qc.id, 30);
    expect(q.daily.length).toBe(30);
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto(`/waits/${qc.id}`);
    await page.getByRole("link", { name: "Data quality for this hospital" }).click();
    await page.waitForURL(`**/waits/${qc.id}/quality`);
    await page.locator("h1", { hasText: `Data quality: ${qc.name}` }).waitFor();
    expect(await page.getByRole("link", { name: "30 days", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await chartPoints(page, ".coverage-chart")).toBe(q.daily.length);
    expect(await drawnPixels(page, ".coverage-chart")).toBeGreaterThan(500);
    const pct = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(
      q.coverage,
    );
    // Counts as the page's language writes them: "2,004 of 2,044".
    const count = new Intl.NumberFormat("en").format;
    expect(await page.locator("[data-testid=coverage]").textContent()).toBe(
      `Coverage: ${pct} of the expected reports arrived (${count(q.received)} of ${count(q.expected)}).`,
    );
    if (q.gaps.items.length > 0) {
      expect(await page.locator("[data-testid=gap-list] li").count()).toBe(q.gaps.items.length);
      expect(await page.locator("[data-testid=gap-list] li").first().textContent()).toMatch(
        /^From .+ to .+ \(\d+(\.\d)? (hours|minutes|days)\)$/,
      );
    } else {
      await page.locator("[data-testid=no-gaps]").waitFor();
    }
    if (q.anomalies.items.length > 0) {
      expect(await page.locator("[data-testid=anomaly-list] li").count()).toBe(q.anomalies.items.length);
    } else {
      expect(await page.locator("[data-testid=no-anomalies]").textContent()).toBe(
        "No unusual values in this window.",
      );
    }
    // The timeline's figures are also a table, one row per day.
    await page.getByText("Figures as a table").click();
    expect(await page.locator(".trend-table table tbody tr").count()).toBe(q.daily.length);
  });

  it("lists gaps as the API does and follows the window links", async () => {
    // The demo feed leaves gaps in some hospitals: find one to show them listed.
    const hospitals = (await api<{ data: Array<{ id: string }> }>(app, "/api/hospitals?province=QC")).data;
    let withGaps: { id: string; q: HospitalQuality } | undefined;
    for (const h of hospitals) {
      const q = await quality(h.id, 7);
      if (q.gaps.items.length > 0) {
        withGaps = { id: h.id, q };
        break;
      }
    }
    expect(withGaps).toBeDefined();
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto(`/waits/${withGaps!.id}/quality?days=30`);
    await page.locator(".coverage-chart canvas").waitFor();
    await page.getByRole("link", { name: "7 days", exact: true }).click();
    await page.waitForURL(`**/waits/${withGaps!.id}/quality?days=7`);
    await expect.poll(() => chartPoints(page, ".coverage-chart")).toBe(7);
    await expect
      .poll(() => page.locator("[data-testid=gap-list] li").count())
      .toBe(withGaps!.q.gaps.items.length);
  });

  it("says coverage is judged over the whole window for a monthly publisher, and names its figures by month", async () => {
    const on = await firstOf("ON");
    const q = await quality(on.id, 30);
    expect(q.daily).toEqual([]);
    // West of Greenwich, where a month's first instant (UTC) is still the evening before.
    const context = await app.newContext({ timezoneId: "America/Toronto" });
    const page = await context.newPage();
    await page.goto(`/waits/${on.id}/quality`);
    await page.getByText("coverage is judged over the whole window").waitFor();
    expect(await page.locator(".coverage-chart").count()).toBe(0);
    const month = new Date(q.staleness.latest_observed_at!).toLocaleDateString("en", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await page.locator("[data-testid=staleness]").textContent()).toMatch(
      new RegExp(`^Newest figure: ${month}\\. `),
    );
    await context.close();
  });

  it("writes its counts as each language does: 2,004 in English, 2 004 in French", async () => {
    // A live feed (reports every few minutes) counts thousands of reports in 30 days.
    const bc = await firstOf("BC");
    const q = await quality(bc.id, 30);
    expect(q.expected).toBeGreaterThanOrEqual(1000);
    for (const locale of ["en-CA", "fr-CA"]) {
      const page = await app.newPage({ locale });
      await page.goto(`/waits/${bc.id}/quality`);
      const count = new Intl.NumberFormat(locale === "en-CA" ? "en" : "fr-CA").format;
      await expect
        .poll(() => page.locator("[data-testid=coverage]").textContent())
        .toContain(`${count(q.expected)})`);
    }
  });

  it("says so in the page when the hospital is unknown or the report cannot be loaded, and tries again", async () => {
    const page = await app.newPage();
    await page.goto("/waits/nope/quality");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("There is no hospital at this address.");
    expect(await page.locator("h1").textContent()).toBe("Data quality");
    // No such hospital: nothing to try again.
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);

    const qc = await firstOf("QC");
    await page.route("**/api/data-quality*", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "ServiceUnavailable", message: "down" }),
      }),
    );
    await page.goto(`/waits/${qc.id}/quality`);
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "The data-quality report could not be loaded. Check your connection and try again.",
    );
    await page.unroute("**/api/data-quality*");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.locator("[data-testid=coverage]").waitFor();
    expect(await page.locator("h1").textContent()).toBe(`Data quality: ${qc.name}`);
  });

  it("passes axe in EN and FR at phone and desktop sizes", async () => {
    const qc = await firstOf("QC");
    await checkEverywhere(app, `/waits/${qc.id}/quality`, "waits-quality", async (page) => {
      await page.locator(".coverage-chart canvas").waitFor();
    });
  });
});
