// /admin/observability beyond sign-in: the traffic charts (drawn from real requests), the incident
// log walked through by hand in the page, overdue flags for old incidents, the incident flow's states
// (needs a commander, update and external communication due, review overdue), and axe in English
// and French at phone and desktop sizes.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createStore } from "../../server/db/store";
import { addUser } from "../../server/directory/accounts/users";
import { directoryModule } from "../../server/directory/index";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { type BrowserApp, startBrowserApp, tabPerLanguage } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";
import { signInToOperatorPage } from "./helpers/sign-in";

const EMAIL = "ops-admin@example.org";
const PASSWORD = "a-long-operator-passphrase";
const OLD_TITLE = "Partner sign-in slow since the weekend";
let app: BrowserApp;
let dataDir: string;
let oldId: string;
let autoId: string;
let unreviewedId: string;
const AUTO_TITLE = "Directory thresholds breached: breaker ai flapping";
const UNREVIEWED_TITLE = "Sync stopped for partner devices";

beforeAll(async () => {
  // Real files: the admin and an incident detected two days ago are written to the directory's
  // store before the server opens it, as an operator's earlier work would have left them.
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-obs-ops-"));
  const quiet = { info() {}, warn() {}, error() {}, debug() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await addUser(directoryRepository({ store }), { email: EMAIL, password: PASSWORD, role: "admin" });
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
  oldId = (
    await directoryRepository({ store }).openIncident(
      { severity: "SEV-2", title: OLD_TITLE, actor: EMAIL },
      twoDaysAgo,
    )
  ).id;
  // The watchdog's SEV-2, three hours old, nobody named to lead it; and a SEV-3 resolved nine days
  // ago whose review was never recorded.
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const repo = directoryRepository({ store });
  autoId = (
    await repo.openBreachIncident(
      { severity: "SEV-2", title: AUTO_TITLE, source: "auto", breachKey: "browser-test" },
      hoursAgo(3),
    )
  ).incident.id;
  unreviewedId = (await repo.openIncident({ severity: "SEV-3", title: UNREVIEWED_TITLE }, hoursAgo(24 * 10)))
    .id;
  await repo.advanceIncident(unreviewedId, "acknowledge", { actor: EMAIL }, hoursAgo(24 * 10 - 1));
  await repo.advanceIncident(unreviewedId, "resolve", { actor: EMAIL }, hoursAgo(24 * 9));
  await store.close();
  app = await startBrowserApp({ dataDir, serviceWorker: false });
});
afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The file's one signed-in tab per language, signed in through the form on first use, then loaded
 * afresh at the size a test asks for: a sign-in checks a password with scrypt, the same for every
 * test. The same tab keeps its CSRF token (sessionStorage), so it can
 * still make changes after the reload.
 */
const signedInTab = tabPerLanguage(() => app, {
  async prepare(page) {
    await signInToOperatorPage(page, EMAIL, PASSWORD);
  },
  reuse: (page) => page.goto("/admin/observability"),
});

async function signedInPage(viewport: { width: number; height: number }, locale = "en-CA"): Promise<Page> {
  const page = await signedInTab(locale, viewport);
  await page.locator("[data-testid=overall]").waitFor();
  await page.locator("#chart-rate-summary").waitFor();
  return page;
}

/** Pixels of the canvas near the series colour: more than a few means the line was drawn. */
async function seriesPixels(page: Page, metric: string, rgb: [number, number, number]): Promise<number> {
  return page.evaluate(
    ({ metric, rgb }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid=chart-${metric}] canvas`);
      if (!canvas) return -1;
      const ctx = canvas.getContext("2d");
      if (!ctx) return -1;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d =
          Math.abs(data[i] - rgb[0]) + Math.abs(data[i + 1] - rgb[1]) + Math.abs(data[i + 2] - rgb[2]);
        if (data[i + 3] > 200 && d < 40) n++;
      }
      return n;
    },
    { metric, rgb },
  );
}

describe("/admin/observability charts", () => {
  it("draws request rate, error rate and p95 from real traffic, with the same figures as text", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    for (let i = 0; i < 20; i++)
      expect((await page.request.get(`${app.baseUrl}/api/v1/services?limit=1`)).ok()).toBe(true);
    await page.goto("/admin/observability");
    await page.locator("#admin-email").fill(EMAIL);
    await page.locator("#admin-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Traffic over time" }).waitFor();

    expect(await page.getByRole("radio", { name: "5 minutes" }).isChecked()).toBe(true);
    await expect.poll(() => seriesPixels(page, "rate", [0x0b, 0x55, 0x63])).toBeGreaterThan(20);
    expect(await seriesPixels(page, "p95", [0x6a, 0x3d, 0x9a])).toBeGreaterThan(20);
    // The text alternative: a summary per chart and a table of every step (30 steps of 10 s).
    expect(await page.locator("#chart-rate-summary").textContent()).toMatch(
      /^Latest: .*req\/min\. Peak: .*req\/min at /,
    );
    expect(await page.locator("#chart-p95-summary").textContent()).toMatch(/ms at /);
    expect(await page.locator("[data-metric=rate] tbody tr").count()).toBe(30);
    const requestsInTable = (await page.locator("[data-metric=rate] tbody td:nth-child(3)").allTextContents())
      .map((s) => Number(s.replace(/\D/g, "")))
      .reduce((a, b) => a + b, 0);
    expect(requestsInTable).toBeGreaterThanOrEqual(20);

    // Keyboard: the window choice is a radio group; an arrow key moves to "1 hour".
    await page.getByRole("radio", { name: "5 minutes" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: "1 hour" }).isChecked()).toBe(true);
    await expect.poll(() => page.locator("[data-metric=rate] tbody tr").count()).toBe(60);
    expect(await page.locator("[data-testid=chart-step]").textContent()).toContain("1-minute steps");
    await expect.poll(() => seriesPixels(page, "rate", [0x0b, 0x55, 0x63])).toBeGreaterThan(5);
    await page.getByRole("radio", { name: "24 hours" }).check();
    await expect.poll(() => page.locator("[data-metric=rate] tbody tr").count()).toBe(96);

    await page.locator("[data-metric=rate] details summary").click();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "observability-charts-desktop");

    // Switching to French redraws the charts with French labels and keeps the chosen window.
    await page.locator(".lang-switch button[lang=fr]").click();
    await page.getByRole("heading", { name: "Trafic dans le temps" }).waitFor();
    expect(await page.getByRole("radio", { name: "24 heures" }).isChecked()).toBe(true);
    expect(await page.locator("#chart-rate-summary").textContent()).toMatch(
      /^Dernière valeur\u00a0: .*req\./,
    );
    await expect.poll(() => seriesPixels(page, "rate", [0x0b, 0x55, 0x63])).toBeGreaterThan(5);
  });
});

describe("/admin/observability incidents", () => {
  it("opens an incident and walks it through acknowledge, mitigate, resolve, review and close", async () => {
    const page = await signedInPage(DESKTOP);
    const title = `Search answers slowly for some people ${Date.now()}`;

    // A title of blanks passes the browser's check but not the server's: its refusal is shown.
    await page.getByLabel("What is wrong").fill("    ");
    await page.getByRole("button", { name: "Open incident" }).click();
    await expect
      .poll(() => page.locator(".incident-form [role=alert]").textContent())
      .toMatch(/^The incident was not opened: .*title/i);

    await page.getByLabel("Severity", { exact: true }).selectOption("SEV-2");
    await page.getByLabel("Incident commander").fill("Dana Ops");
    await page.getByLabel("What is wrong").fill(title);
    await page.getByRole("button", { name: "Open incident" }).click();
    const item = page.locator("[data-testid=active-incidents] li.incident", { hasText: title });
    await item.waitFor();
    const id = await item.getAttribute("data-incident");
    expect(id).toMatch(/^INC-\d{8}-\d{3}$/);
    expect(await page.locator("[data-testid=incident-announce]").textContent()).toBe(`${id} is now open.`);
    expect(await item.textContent()).toContain("SEV-2 (high)");
    expect(await item.textContent()).toContain(`channel #${id?.toLowerCase()}`);
    expect(await item.locator("[data-testid=incident-timers]").textContent()).toMatch(
      /^Open for \d+ min .*Next: acknowledgement due in 1[45] min\./,
    );
    expect(await item.locator("[data-testid=incident-overdue]").count()).toBe(0);

    const mine = page.locator(`li[data-incident="${id}"]`);
    // Acknowledge by keyboard.
    await mine.getByRole("button", { name: "Acknowledge" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => mine.getAttribute("data-status")).toBe("acknowledged");
    expect(await mine.locator("[data-testid=incident-timers]").textContent()).toMatch(
      /Next: mitigation due in/,
    );
    await mine.getByLabel(/^Note/).fill("Rolled back the ranking change");
    await mine.getByRole("button", { name: "Mark mitigated" }).click();
    await expect.poll(() => mine.getAttribute("data-status")).toBe("mitigated");
    await mine.getByLabel("False positive").check();
    await mine.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => mine.getAttribute("data-status")).toBe("resolved");
    expect(await mine.locator(".incident-meta").textContent()).toContain("False positive");
    expect(await page.locator(`[data-testid=recent-incidents] li[data-incident="${id}"]`).count()).toBe(1);
    expect(await mine.locator("[data-testid=incident-timers]").textContent()).toMatch(
      /^Lasted .*Next: post-incident review due in (1 day 23 hr|2 days)/,
    );

    // The review needs its findings written down.
    await mine.getByRole("button", { name: "Record review" }).click();
    expect(await mine.getByRole("alert").textContent()).toBe(
      "Write what the review found in the note, then record it.",
    );
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    await mine
      .getByLabel(/^Note/)
      .fill("Cause: an index rebuilt during peak hours. Rebuild overnight from now on.");
    await mine.getByRole("button", { name: "Record review" }).click();
    await expect.poll(() => mine.getAttribute("data-status")).toBe("reviewed");
    expect(await mine.locator("[data-testid=incident-timers]").textContent()).toContain("No deadline left.");
    await mine.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => mine.getAttribute("data-status")).toBe("closed");
    expect(await mine.getByRole("button").count()).toBe(0);
    expect(await page.locator("[data-testid=incident-announce]").textContent()).toBe(`${id} is now closed.`);

    const full = (await (await page.request.get(`${app.baseUrl}/api/v1/admin/incidents/${id}`)).json()).data;
    expect(full.commander).toBe("Dana Ops");
    expect(full.falsePositive).toBe(true);
    expect(full.events.map((e: { action: string }) => e.action)).toEqual([
      "open",
      "acknowledge",
      "mitigate",
      "resolve",
      "review",
      "close",
    ]);
    expect(full.events[4].note).toMatch(/^Cause: an index rebuilt/);
    expect(full.events[2].note).toBe("Rolled back the ranking change");
  });

  it("flags overdue deadlines: one detected two days ago, and one opened by hand with an old start", async () => {
    const page = await signedInPage(DESKTOP);
    const old = page.locator(`li[data-incident="${oldId}"]`);
    await old.waitFor();
    expect(await old.evaluate((el) => el.classList.contains("overdue"))).toBe(true);
    expect(await old.locator("[data-testid=incident-overdue]").textContent()).toBe(
      "Overdue: acknowledgement, mitigation, service restored, status update",
    );
    expect(await old.locator("[data-testid=incident-timers]").textContent()).toMatch(
      /^Open for 2 days .*Next: acknowledgement, overdue by (1 day 23 hr|2 days)/,
    );

    // A SEV-4 that began ten days ago is past its one-week restore target from the moment it is opened.
    const tenDaysAgo = await page.evaluate(() => {
      const d = new Date(Date.now() - 10 * 24 * 3_600_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await page.getByLabel("Severity", { exact: true }).selectOption("SEV-4");
    expect(await page.getByLabel("Incident commander").count()).toBe(0);
    await page.getByLabel("What is wrong").fill("Typo in the French footer");
    await page.getByLabel("Started at (optional)").fill(tenDaysAgo);
    await page.getByRole("button", { name: "Open incident" }).click();
    const typo = page.locator("[data-testid=active-incidents] li.incident", {
      hasText: "Typo in the French footer",
    });
    await typo.waitFor();
    expect(await typo.locator("[data-testid=incident-overdue]").textContent()).toBe(
      "Overdue: service restored",
    );
    expect(await typo.locator("[data-testid=incident-timers]").textContent()).toMatch(/^Open for 10 days/);

    await saveScreenshot(page, "observability-incidents-desktop");
  });
  it("a second tab, signed in by cookie but without the CSRF token, is told to sign in again to make changes", async () => {
    const page = await signedInPage(DESKTOP);
    const other = await page.context().newPage();
    onTestFinished(() => other.close()); // the context is the file's; this second tab ends with the test
    await other.goto("/admin/observability");
    await other.locator("#chart-rate-summary").waitFor();
    const before = (await (await other.request.get(`${app.baseUrl}/api/v1/admin/incidents`)).json()).data
      .length;
    await other.getByLabel("What is wrong").fill("Opened from a second tab");
    await other.getByRole("button", { name: "Open incident" }).click();
    await expect
      .poll(() => other.locator(".incident-form [role=alert]").textContent())
      .toBe("The incident was not opened: this tab cannot make changes. Sign out, then sign in again here.");
    const after = (await (await other.request.get(`${app.baseUrl}/api/v1/admin/incidents`)).json()).data
      .length;
    expect(after).toBe(before);
  });

  it("says in the page's language why a step was refused when someone else moved the incident first, and re-words it when the language changes", async () => {
    const page = await signedInPage(DESKTOP, "fr-CA");
    const csrf = (await page.evaluate(() => sessionStorage.getItem("chc.csrf"))) as string;
    const post = (path: string, data: unknown) =>
      page.request.post(`${app.baseUrl}${path}`, { data, headers: { "x-csrf-token": csrf } });
    const opened = await post("/api/v1/admin/incidents", {
      severity: "SEV-3",
      title: "Map tiles load slowly",
    });
    expect(opened.status()).toBe(201);
    const id = (await opened.json()).data.id as string;
    await page.reload();
    const item = page.locator(`li[data-incident="${id}"]`);
    await item.getByRole("button", { name: "Prendre en charge" }).waitFor();
    // Another operator acknowledges it from another screen; this page has not refreshed yet.
    expect((await post(`/api/v1/admin/incidents/${id}/acknowledge`, {})).status()).toBe(200);
    await item.getByRole("button", { name: "Prendre en charge" }).click();
    await expect
      .poll(() => item.getByRole("alert").textContent())
      .toContain("quelqu’un d’autre l’a fait avant vous\u00a0: l’incident est maintenant pris en charge.");
    // The message is worded as shown: switching language re-words it rather than leaving French.
    await page.locator(".lang-switch button[lang=en]").click();
    await expect
      .poll(() => item.getByRole("alert").textContent())
      .toBe(
        "Acknowledge failed: someone else got there first: the incident is now acknowledged. The list shows where it stands.",
      );
    // The choice is remembered on the device, and the next tests reuse this signed-in page in French.
    await page.locator(".lang-switch button[lang=fr]").click();
  });
});

describe("/admin/observability incident flow states", () => {
  it("shows a leaderless automatic SEV-2, its late update and due external communication, and a late review, in French and English; naming a commander lets it move on", async () => {
    const fr = await signedInPage(DESKTOP, "fr-CA");
    const autoFr = fr.locator(`li[data-incident="${autoId}"]`);
    await autoFr.waitFor();
    expect(await autoFr.locator("[data-testid=incident-needs-commander]").textContent()).toBe(
      "Responsable à nommer\u00a0: désignez qui dirige l’incident avant d’aller au-delà de la prise en charge.",
    );
    expect(await autoFr.locator("[data-testid=incident-update]").textContent()).toMatch(
      /^Point de situation en retard de 2\sh\s\d+\smin\.$/,
    );
    expect(await autoFr.locator("[data-testid=incident-comms]").textContent()).toMatch(
      /^Communication externe due depuis .*\u00a0: informez les personnes qui utilisent le service\.$/,
    );
    const lateFr = fr.locator(`[data-testid=recent-incidents] li[data-incident="${unreviewedId}"]`);
    expect(await lateFr.locator("[data-testid=incident-review-overdue]").textContent()).toMatch(
      /^Revue post-incident en retard\u00a0: elle était due /,
    );
    expect(await seriousViolations(fr)).toEqual([]);
    await autoFr.scrollIntoViewIfNeeded();
    await saveScreenshot(fr, "observability-incident-flow-desktop-fr");
    // On a phone the commander's name gets the row's width, not a sliver.
    await fr.setViewportSize(PHONE);
    for (const field of ["input[name=commander]"]) {
      const box = await autoFr.locator(field).first().boundingBox();
      expect({ field, wide: (box?.width ?? 0) > PHONE.width / 2 }).toEqual({ field, wide: true });
    }

    const page = await signedInPage(DESKTOP);
    const auto = page.locator(`li[data-incident="${autoId}"]`);
    await auto.waitFor();
    expect(await auto.locator("[data-testid=incident-needs-commander]").textContent()).toBe(
      "Needs a commander: name who leads it before it can go past acknowledgement.",
    );
    expect(await auto.locator("[data-testid=incident-update]").textContent()).toMatch(
      /^Status update overdue by 2\shr\s\d+\smin\.$/,
    );
    expect(await auto.locator("[data-testid=incident-comms]").textContent()).toMatch(
      /^External communication due since .*: tell the people who use the service\.$/,
    );
    expect(await auto.locator(".incident-meta").textContent()).toContain(`channel #${autoId.toLowerCase()}`);
    // The review of the incident resolved nine days ago is late, and it stays listed until recorded.
    const late = page.locator(`[data-testid=recent-incidents] li[data-incident="${unreviewedId}"]`);
    expect(await late.locator("[data-testid=incident-review-overdue]").textContent()).toMatch(
      /^Post-incident review overdue: it was due /,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "observability-incident-flow-desktop-en");

    // Acknowledging is allowed; going further without a commander is refused by the server.
    await auto.getByRole("button", { name: "Acknowledge" }).click();
    await expect.poll(() => auto.getAttribute("data-status")).toBe("acknowledged");
    await auto.getByRole("button", { name: "Mark mitigated" }).click();
    await expect
      .poll(() => auto.locator(".incident-actions [role=alert]").textContent())
      .toMatch(/commander/);
    expect(await auto.getAttribute("data-status")).toBe("acknowledged");
    // Named by keyboard: type the name, Enter submits.
    await auto.getByLabel(`Commander for ${autoId}`).fill("Dana Ops");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("[data-testid=incident-announce]").textContent())
      .toBe(`Dana Ops now leads ${autoId}.`);
    expect(await auto.locator("[data-testid=incident-needs-commander]").count()).toBe(0);
    expect(await auto.locator(".incident-meta").textContent()).toContain("commander Dana Ops");
    await auto.getByRole("button", { name: "Mark mitigated" }).click();
    await expect.poll(() => auto.getAttribute("data-status")).toBe("mitigated");
    // Assessing the severity: raised to SEV-1 with the reason, which the history keeps.
    await auto.getByLabel(`Severity of ${autoId}`).selectOption("SEV-1");
    await auto.getByLabel("Why this severity").fill("Every search fails now");
    await auto.getByRole("button", { name: "Set severity" }).click();
    await expect
      .poll(() => page.locator("[data-testid=incident-announce]").textContent())
      .toBe(`${autoId} is now SEV-1 (critical).`);
    expect(await auto.locator(".sev").textContent()).toBe("SEV-1 (critical)");
    const events = (await (await page.request.get(`${app.baseUrl}/api/v1/admin/incidents/${autoId}`)).json())
      .data.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual([
      "open",
      "acknowledge",
      "commander",
      "mitigate",
      "severity",
    ]);
    expect(events[4].note).toBe("SEV-2 → SEV-1: Every search fails now");
  });
});

describe("/admin/observability in English and French, phone and desktop", () => {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    for (const locale of ["en-CA", "fr-CA"]) {
      it(`has no serious axe violation (${locale}, ${size})`, async () => {
        const page = await signedInPage(viewport, locale);
        const french = locale === "fr-CA";
        await page.locator(`li[data-incident="${oldId}"]`).waitFor();
        expect(
          await page
            .getByRole("heading", { level: 2, name: french ? "Trafic dans le temps" : "Traffic over time" })
            .count(),
        ).toBe(1);
        expect(
          await page.locator(`li[data-incident="${oldId}"] [data-testid=incident-overdue]`).textContent(),
        ).toMatch(french ? /^En retard\u00a0: prise en charge/ : /^Overdue: acknowledgement/);
        const checks = await page.locator("#checks-heading + .table-scroll tbody th").allTextContents();
        expect(checks).toEqual(
          french
            ? ["taux d’erreur", "latence p95", "disjoncteurs", "base de données"]
            : ["error rate", "p95 latency", "circuit breakers", "database"],
        );
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `observability-ops-${size}-${french ? "fr" : "en"}`);
      });
    }
  }
});
