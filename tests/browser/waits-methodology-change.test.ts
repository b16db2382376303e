// Hospital page of a hospital whose methodology changed within the period: the change said in words
// (EN and FR, dates in the page's language), the chart only the figures measured the current way,
// never one line joining two methods; axe-clean at both sizes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMethodologyOverride } from "../../server/waittimes/methodology-override";
import { waittimesRepository } from "../../server/waittimes/repository-of";
import type { Trends } from "../helpers/waittimes/api-types";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { api, chartPoints, checkEverywhere, RAW_CODE } from "./helpers/waits";

let app: BrowserApp;
let id: string;
/** The day the hospital's figure became a median: 60 days ago, at midnight UTC. */
const changedAt = Math.floor(Date.now() / 86_400_000 - 60) * 86_400;

beforeAll(async () => {
  app = await startBrowserApp({ demo: true, serviceWorker: false });
  const bc = await api<{ data: { id: string; methodology: { statistic_type: string } }[] }>(
    app,
    "/api/hospitals?province=BC",
  );
  id = bc.data[0].id;
  expect(bc.data[0].methodology.statistic_type).not.toBe("MEDIAN");
  await setMethodologyOverride(
    waittimesRepository(app.server.contexts.get("waittimes")!),
    id,
    { statistic_type: "MEDIAN" },
    { from: changedAt, by: "test" },
  );
});
afterAll(async () => {
  await app?.close();
});

describe("a hospital whose methodology changed", () => {
  it("says so in words over a year, and draws only the figures measured the current way", async () => {
    const trends = (await api<Trends>(app, `/api/hospitals/${id}/trends?period=1y`)).data;
    expect(trends.methodology_change?.changed_at).toBe(new Date(changedAt * 1000).toISOString());
    const shownFrom = Date.parse(trends.methodology_change!.shown_from);
    for (const p of trends.dataPoints) expect(Date.parse(p.timestamp)).toBeGreaterThanOrEqual(shownFrom);
    await checkEverywhere(app, `/waits/${id}?period=1y`, "waits-methodology-change", async (page, lang) => {
      const note = page.getByTestId("methodology-change");
      await note.waitFor();
      const text = await note.innerText();
      if (lang === "en") {
        expect(text).toContain("A change in how this figure is measured");
        expect(text).toMatch(/On [A-Z][a-z]+ \d{1,2}, \d{4}/);
        expect(text).toMatch(/Before: .+percentile\. Since: .+median\./);
      } else {
        expect(text).toContain("Un changement dans la façon de mesurer ce chiffre");
        expect(text).toMatch(/Le \d{1,2}(er)? [a-zéû]+ \d{4}/);
        expect(text).toMatch(/Avant\u00a0: .+centile\. Depuis\u00a0: .+médiane\./);
      }
      expect(text).not.toMatch(RAW_CODE);
      if (trends.dataPoints.length > 1)
        await expect.poll(() => chartPoints(page, ".trend-chart")).toBe(trends.dataPoints.length);
    });
  });

  it("a period after the change has no note", async () => {
    const page = await app.newPage();
    await page.goto(`/waits/${id}?period=24h`);
    await page.locator(".trend-chart, .no-figures, [data-testid=unit]").first().waitFor();
    await page.getByTestId("methodology-sentence").waitFor();
    expect(await page.getByTestId("methodology-change").count()).toBe(0);
    expect(await page.getByTestId("methodology-sentence").innerText()).toMatch(/median/);
  });
});
