// The two ways a browser test signs a partner in: through the sign-in form, as a person does, or
// from the page's own script, as the app does once the form is behind it (a session cookie, and the
// CSRF token kept for the tab); and an administrator's sign-in through the operator page's form.
import type { Page } from "playwright-core";
import { PASSWORD } from "../../helpers/directory/accounts";

export async function signInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.locator("#pf-email").fill(email);
  await page.locator("#pf-password").fill(password);
  await page.locator(".pf-signin button[type=submit]").click();
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
