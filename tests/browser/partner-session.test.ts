// The partner's session over time: a session that ends while a page is open (an administrator
// resets the password, it expires), and a kept session reopened without a connection.
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, prepareDirectoryData } from "../helpers/directory/accounts";
import { readService } from "../helpers/directory/service-edits";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
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
});
