// The partner's session over time: a session that ends while a page is open (an administrator
// resets the password, it expires), and a kept session reopened without a connection.
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, prepareDirectoryData } from "../helpers/directory/accounts";
import { readService } from "../helpers/directory/service-edits";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { PHONE } from "./helpers/browser";
import { readStore } from "./helpers/idb";
import { SERVICE, SERVICE_NAME } from "./helpers/partner";
import { signInThroughPage } from "./helpers/sign-in";

// Polls wait on real server round trips on a shared 2-core machine: allow them time.
const SLOW = { timeout: 15_000 };
let app: BrowserApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  app = await startBrowserApp({ dataDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Ends the page's session on the server, as a password reset or an expiry does, behind the page's back. */
async function endSessionOnServer(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const csrf = sessionStorage.getItem("chc.csrf") ?? localStorage.getItem("chc.csrf") ?? "";
    return (await fetch("/api/v1/auth/logout", { method: "POST", headers: { "x-csrf-token": csrf } })).status;
  });
  expect(status).toBeLessThan(300);
}

describe("partner session", () => {
  it("when the session ends mid-edit, says so and shows the sign-in in place; the edit is sent after signing in", async () => {
    const page = await app.newPage();
    await page.goto("/partner");
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.getByRole("link", { name: `Edit ${SERVICE_NAME}` }).click(SLOW);
    await page.locator("#pf-eligibility").waitFor();
    await page.locator("#pf-eligibility").fill("Kingston residents, typed while the session ended.");
    await endSessionOnServer(page);
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect.poll(() => page.locator("#pf-signin-email").count(), SLOW).toBe(1);
    expect(await page.getByTestId("session-ended").textContent()).toBe(
      "Your session has ended. Sign in again below: changes waiting on this device are kept and will be sent then.",
    );
    expect(await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem("chc.csrf"))).toBeNull();
    // The edit waits on this device, listed with the sign-in.
    expect(await page.locator(".pf-write").allTextContents()).toEqual([
      `${SERVICE_NAME} · edit · Waiting: sign in on this tab to send it.`,
    ]);

    await signInThroughPage(page, ACCOUNTS.partnerA);
    await expect
      .poll(async () => (await readService(app.baseUrl, SERVICE)).eligibility, SLOW)
      .toBe("Kingston residents, typed while the session ended.");
    await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).waitFor();
    expect(await page.getByTestId("session-ended").count()).toBe(0);
    await page.close();
  });

  it("puts back what was typed in a new service when the session ends on saving, for the same account only", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto("/partner/services/new");
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.locator("#pf-nameEn").waitFor(SLOW);
    await page.locator("#pf-nameEn").fill("Kingston Winter Coat Drive");
    await page.locator("#pf-descriptionEn").fill("Free winter coats, typed as the session ended.");
    await endSessionOnServer(page);
    await page.getByRole("button", { name: "Add the service" }).click();
    await expect.poll(() => page.locator("#pf-signin-email").count(), SLOW).toBe(1);

    // Another account signs in on this tab: it gets an empty form, never what partner A typed.
    await signInThroughPage(page, ACCOUNTS.partnerB);
    await page.locator("#pf-nameEn").waitFor(SLOW);
    expect(await page.locator("#pf-nameEn").inputValue()).toBe("");
    expect(await page.locator("#pf-descriptionEn").inputValue()).toBe("");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#pf-signin-email").waitFor(SLOW);
    await page.close();
  });

  it("puts back what was typed in the editor when the session ends on saving, and the save goes on from it", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto("/partner/services/new");
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.locator("#pf-nameEn").waitFor(SLOW);
    await page.locator("#pf-nameEn").fill("Kingston Warm Meals");
    await page.locator("#pf-descriptionEn").fill("Hot meals, typed as the session ended.");
    await endSessionOnServer(page);
    await page.getByRole("button", { name: "Add the service" }).click();
    await expect.poll(() => page.locator("#pf-signin-email").count(), SLOW).toBe(1);

    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.locator("#pf-nameEn").waitFor(SLOW);
    // The form is back as it was (the page did not fall back to an empty one), and its save,
    // sent now, takes it to the new service's own page.
    expect(await page.locator("#pf-descriptionEn").inputValue()).toBe(
      "Hot meals, typed as the session ended.",
    );
    await expect
      .poll(() => new URL(page.url()).pathname, SLOW)
      .toMatch(/^\/partner\/services\/(?!new$)[a-z0-9-]+$/);
    expect(await page.locator("#pf-nameEn").inputValue()).toBe("Kingston Warm Meals");
    const id = new URL(page.url()).pathname.split("/").pop()!;
    expect((await readService(app.baseUrl, id)).description.en).toBe(
      "Hot meals, typed as the session ended.",
    );
    await page.close();
  });

  it("with a kept sign-in, opens offline after a reload from the device's copy, queues edits, and forgets the copy at sign-out", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto("/partner");
    await waitForServiceWorkerControl(page);
    await page.locator("#pf-signin-keep").check();
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.locator(".pf-services h3").first().waitFor(SLOW);
    // The list reaches the device's copy just after it is shown: wait for it, as long as a slow
    // machine needs (a copy still missing would fail later, offline, for a reason hard to see).
    const savedCopy = async () =>
      (await readStore<{ user: { email: string }; services: unknown[] | null }>(page, "partnerCopy"))[0];
    await expect.poll(async () => (await savedCopy())?.services?.length ?? 0, SLOW).toBeGreaterThan(0);

    // Reopened without a connection: the dashboard, marked as the device's copy with its date.
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator("main .notice").first().textContent(), SLOW)
      .toMatch(/^You are offline\. These are your services as this device last loaded them, on .+\d{4}.+\./);
    expect(await page.getByText(`Signed in as ${ACCOUNTS.partnerA}.`).count()).toBe(1);
    expect(await page.locator(".pf-services h3").allTextContents()).toContain(SERVICE_NAME);
    expect(await page.locator("#pf-signin-email").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // What the device kept: who is signed in and the list, but no token.
    const copy = await savedCopy();
    expect(copy?.user.email).toBe(ACCOUNTS.partnerA);
    const csrf = await page.evaluate(() => localStorage.getItem("chc.csrf"));
    expect(JSON.stringify(copy)).not.toContain(csrf!);

    // The editor too, and an edit waits in the outbox.
    await page.getByRole("link", { name: `Edit ${SERVICE_NAME}` }).click();
    await page.locator("#pf-eligibility").fill("Kingston residents, edited offline after a reload.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => page.locator(".pf-save-status .pf-status").getAttribute("data-status"), SLOW)
      .toBe("queued");
    // Reloaded offline on the editor itself, the form opens again.
    await page.reload();
    await page.locator("#pf-eligibility").waitFor(SLOW);

    // Back online: the edit is sent, and the page is on the server's list again.
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await readService(app.baseUrl, SERVICE)).eligibility, SLOW)
      .toBe("Kingston residents, edited offline after a reload.");
    await expect.poll(() => page.getByTestId("device-copy").count(), SLOW).toBe(0);

    await page.goto("/partner");
    await page.getByRole("button", { name: "Sign out" }).click(SLOW);
    await page.locator("#pf-signin-email").waitFor();
    expect(await readStore(page, "partnerCopy")).toEqual([]);
    await page.close();
  });

  it("in French, dates the device's copy in French", async () => {
    const page = await app.newPage({ locale: "fr-CA" });
    await page.goto("/partner");
    await waitForServiceWorkerControl(page);
    await page.locator("#pf-signin-keep").check();
    await signInThroughPage(page, ACCOUNTS.partnerB);
    await page.locator(".pf-services h3").first().waitFor(SLOW);
    const listed = async () => (await readStore<{ services: unknown[] | null }>(page, "partnerCopy"))[0];
    await expect.poll(async () => (await listed())?.services?.length ?? 0, SLOW).toBeGreaterThan(0);
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId("device-copy").textContent(), SLOW)
      .toMatch(
        /^Vous êtes hors ligne\. Voici vos services tels que cet appareil les a chargés pour la dernière fois, le \d{1,2} [a-zéû]+\.? \d{4}/,
      );
    await page.close();
  });

  it("keeps no copy of a sign-in that is not kept", async () => {
    const page = await app.newPage();
    await page.goto("/partner");
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await page.locator(".pf-services h3").first().waitFor(SLOW);
    expect(await readStore(page, "partnerCopy")).toEqual([]);
    await page.close();
  });
});
