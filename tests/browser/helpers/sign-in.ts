// The two ways a browser test signs a partner in: through the sign-in form, as a person does, or
// from the page's own script, as the app does once the form is behind it (a session cookie, and the
// CSRF token kept for the tab); and an administrator's sign-in through the operator page's form.
import type { Page } from "playwright-core";
import { ACCOUNTS, PASSWORD } from "../../helpers/directory/accounts";

/**
 * Fills the partner sign-in form and sends it. A sign-in meant to succeed (an account of the
 * seed with its password) that the server refuses, or that never reaches it, fails here and says
 * how, rather than as a timeout later waiting for the signed-in page.
 */
export async function signInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.locator("#pf-signin-email").fill(email);
  await page.locator("#pf-signin-password").fill(password);
  const meant =
    password === PASSWORD && Object.values(ACCOUNTS).includes(email) && email !== ACCOUNTS.disabled;
  const answer = meant
    ? page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/login") && r.request().method() === "POST", {
        timeout: 20_000,
      })
    : null;
  await page.locator(".pf-signin button[type=submit]").click();
  if (!answer) return;
  const response = await answer.catch(async (error: Error) => {
    const shown = await page
      .locator(".pf-signin")
      .innerText()
      .catch(() => "(no form)");
    throw new Error(`the sign-in of ${email} was not sent (${error.message}); the form shows: ${shown}`);
  });
  if (response.status() !== 200)
    throw new Error(`the sign-in of ${email} was refused: ${response.status()} ${await response.text()}`);
}

export async function signInFromPage(page: Page, email: string): Promise<void> {
  await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch("/api/v1/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, mode: "cookie" }),
      });
      sessionStorage.setItem("chc.csrf", (await res.json()).data.csrfToken);
    },
    { email, password: PASSWORD },
  );
}

/** Opens the operator page and signs an administrator in through its form. */
export async function signInToOperatorPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/admin/observability");
  await page.locator("#admin-email").fill(email);
  await page.locator("#admin-password").fill(password);
  await page.locator("form button[type=submit]").click();
}
