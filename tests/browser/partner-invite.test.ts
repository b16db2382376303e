/**
 * Partners without the command line, in Chromium against the real server: an administrator invites
 * a partner from the operator page (no mail relay: the page shows the one-time link to copy), the
 * partner opens it, sets a password and lands signed in on the dashboard; the link then refuses.
 * "Keep me signed in" survives closing and reopening the browser (a persistent profile); without it
 * the sign-in is gone; a kiosk never offers it.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, ORG_A, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, PHONE } from "./helpers/browser";
import { turnOnKiosk } from "./helpers/kiosk";
import { SERVICE_NAME } from "./helpers/partner";
import { signInThroughPage } from "./helpers/sign-in";

const SHOTS = "/tmp/shots-people";
const KIOSK_BLOCKED = "Not available on this screen";
const SLOW = { timeout: 20_000 };
let app: BrowserApp;
let dataDir: string;
const profiles: string[] = [];
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = await prepareDirectoryData();
  app = await startBrowserApp({ dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" }, serviceWorker: false });
}, 180_000);
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
  for (const p of profiles) rmSync(p, { recursive: true, force: true });
});

/** Signs the administrator in on the operator page (once per page). */
async function adminSignsIn(page: Page): Promise<void> {
  await page.goto("/admin/observability");
  await page.locator("#admin-email").fill(ACCOUNTS.admin);
  await page.locator("#admin-password").fill(PASSWORD);
  await page.locator("form.stack-form button[type=submit]").click();
  await page.locator("#invite-email").waitFor(SLOW);
}

/** Fills "Invite a partner" and returns the link the page shows to copy. */
async function adminInvites(page: Page, email: string): Promise<string> {
  await page.locator("#invite-email").fill(email);
  await expect.poll(() => page.locator("#invite-org option").count(), SLOW).toBeGreaterThan(10);
  await page.locator("#invite-org").selectOption(ORG_A);
  await page.locator("#invite-heading ~ form button[type=submit]").click();
  const link = page.locator("#invite-link");
  await expect.poll(() => link.count(), SLOW).toBe(1);
  await expect.poll(() => page.locator("[data-testid=invite-sent]").textContent(), SLOW).toContain(email);
  return link.inputValue();
}

describe("inviting a partner from the operator page", () => {
  it("shows a one-time link that sets the password and signs the partner in; then the link refuses", async () => {
    const admin = await app.newPage({ viewport: DESKTOP });
    await adminSignsIn(admin);
    const link = await adminInvites(admin, "invited@example.org");
    expect(link).toMatch(/\/partner\/welcome#[\w-]{43}$/);
    expect(await admin.locator("[data-testid=invite-sent]").textContent()).toContain("No mail server");
    await admin.locator(".invite").screenshot({ path: `${SHOTS}/invite-operator-en-desktop.png` });
    expect(await seriousViolations(admin)).toEqual([]);

    for (const [lang, viewport] of [
      ["en", PHONE],
      ["fr", DESKTOP],
    ] as const) {
      // A fresh link for each language: each works once.
      const url = lang === "en" ? link : await adminInvites(admin, "invited-fr@example.org");
      const invitee = await open(lang, viewport);
      await invitee.goto(url);
      await invitee.locator("#pw-new").waitFor(SLOW);
      // The token leaves the address at once: not in history, not in a screenshot.
      expect(invitee.url()).not.toContain("#");
      expect(await invitee.locator("main form p").first().textContent()).toContain(
        lang === "fr" ? "Bienvenue" : "Welcome",
      );
      await invitee.screenshot({
        path: `${SHOTS}/invite-welcome-${lang}-${viewport === PHONE ? "phone" : "desktop"}.png`,
      });
      expect(await seriousViolations(invitee)).toEqual([]);
      await invitee.locator("#pw-new").fill("short");
      await invitee.locator("main form button[type=submit]").click();
      expect(await invitee.locator("#pw-new").getAttribute("aria-invalid")).toBe("true");
      await invitee.locator("#pw-new").fill("a long new password 1");
      await invitee.locator("#pw-confirm").fill("a long new password 1");
      await invitee.locator("main form button[type=submit]").click();
      // Two password hashes (the new account, then the sign-in) on a busy machine.
      await invitee.waitForURL(/\/partner$/, { timeout: 90_000 });
      await invitee.locator(".pf-services h3").first().waitFor(SLOW);
      // The organization's services (named in the page's language).
      if (lang === "en")
        expect(await invitee.locator(".pf-services h3").allTextContents()).toContain(SERVICE_NAME);
      expect(await invitee.locator(".pf-who").textContent()).toContain(
        lang === "fr" ? "invited-fr@example.org" : "invited@example.org",
      );

      const again = await open(lang, viewport);
      await again.goto(url);
      await expect
        .poll(() => again.locator("main [role=alert]").textContent(), SLOW)
        .toContain(lang === "fr" ? "a expiré ou a déjà servi" : "expired or was already used");
    }

    // An invitation not yet used is listed under the form and can be withdrawn; its link then refuses.
    const unused = await adminInvites(admin, "withdraw-me@example.org");
    const row = admin.locator(".open-invitations li", { hasText: "withdraw-me@example.org" });
    await row.waitFor(SLOW);
    expect(await row.textContent()).toContain("Partner for");
    // The invitations used above are not listed.
    expect(await admin.locator(".open-invitations li").count()).toBe(1);
    await admin
      .getByRole("button", { name: "Withdraw the invitation sent to withdraw-me@example.org" })
      .click();
    await expect
      .poll(() => admin.locator(".open-invitations [role=status]").textContent(), SLOW)
      .toContain("was withdrawn");
    await expect.poll(() => row.count(), SLOW).toBe(0);
    const late = await open("en", PHONE);
    await late.goto(unused);
    await expect
      .poll(() => late.locator("main [role=alert]").textContent(), SLOW)
      .toContain("expired or was already used");
  }, 400_000);

  it("says the password is saved when only the sign-in after it failed, and leads to the sign-in", async () => {
    const admin = await app.newPage({ viewport: DESKTOP });
    await adminSignsIn(admin);
    const link = await adminInvites(admin, "saved-first@example.org");
    const invitee = await open("en", PHONE);
    // The account is made; the sign-in that follows meets a server that cannot answer.
    await invitee.route("**/api/v1/auth/login", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "ServiceUnavailable", message: "busy" }),
      }),
    );
    await invitee.goto(link);
    await invitee.locator("#pw-new").fill("a long new password 2");
    await invitee.locator("#pw-confirm").fill("a long new password 2");
    await invitee.locator("main form button[type=submit]").click();
    await expect
      .poll(() => invitee.locator("main [role=alert]").textContent(), { timeout: 90_000 })
      .toBe(
        "Your password is saved, but signing in did not work: the server could not do it just now. Try again in a moment. Sign in with your new password.",
      );
    await invitee.unrouteAll();
    await invitee.getByRole("link", { name: "Go to sign in" }).click();
    await signInThroughPage(invitee, "saved-first@example.org", "a long new password 2");
    await invitee.locator(".pf-who").waitFor({ timeout: 90_000 });
  }, 200_000);
});

const open = (lang: "en" | "fr", viewport: { width: number; height: number }) =>
  app.newPage({ viewport, locale: lang === "fr" ? "fr-CA" : "en-CA" });

async function openProfile(dir: string, viewport = PHONE): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
    locale: "en-CA",
    baseURL: app.baseUrl,
  });
}

describe("keep me signed in", () => {
  for (const keep of [true, false]) {
    it(`${keep ? "keeps" : "does not keep"} the partner signed in across a browser restart ${keep ? "with" : "without"} it`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "chc-profile-"));
      profiles.push(dir);
      let context = await openProfile(dir);
      let page = await context.newPage();
      await page.goto("/partner");
      await waitForServiceWorkerControl(page);
      await page.locator("#pf-signin-keep").waitFor(SLOW);
      if (keep) await page.locator("#pf-signin-keep").check();
      if (keep) await page.screenshot({ path: `${SHOTS}/keep-signed-in-en-phone.png` });
      await signInThroughPage(page, ACCOUNTS.partnerA);
      await page.locator(".pf-services h3").first().waitFor(SLOW);
      await context.close(); // the browser quits

      context = await openProfile(dir);
      page = await context.newPage();
      await page.goto("/partner");
      if (keep) {
        await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).waitFor(SLOW);
        // Signed in with the right to send changes, not only to read.
        await page.locator(".pf-services h3").first().waitFor(SLOW);
        expect(await page.locator("#pf-signin-email").count()).toBe(0);
      } else {
        await page.locator("#pf-signin-email").waitFor(SLOW);
        expect(await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).count()).toBe(0);
      }
      await context.close();
    }, 120_000);
  }

  it("is neither offered nor honoured on a kiosk", async () => {
    const page = await app.newPage();
    await page.goto("/partner");
    await page.locator("#pf-signin-keep").waitFor(SLOW);
    await page.screenshot({ path: `${SHOTS}/partner-signin-keep-en-phone.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await turnOnKiosk(page);
    await page.goto("/partner");
    await page.locator("main h1").getByText(KIOSK_BLOCKED).waitFor(SLOW);
    expect(await page.locator("#pf-signin-keep").count()).toBe(0);
    expect(await page.locator("#pf-signin-email").count()).toBe(0);
  }, 120_000);
});
