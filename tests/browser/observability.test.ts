import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeArgsFor } from "../helpers/server-bundle.js";
import { type BrowserApp, startBrowserApp } from "./helpers/app";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP } from "./helpers/browser";
import { saveScreenshot } from "./helpers/screenshots";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EMAIL = "operator@example.org";
const PASSWORD = "a-long-operator-passphrase";
let app: BrowserApp;
let dataDir: string;

beforeAll(async () => {
  // The first admin is created with the CLI, as an operator would, before the server starts.
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-obs-"));
  execFileSync(
    process.execPath,
    nodeArgsFor("server/cli.ts", "directory", "user", "add", EMAIL, "--role", "admin", "--password-stdin"),
    { cwd: ROOT, input: `${PASSWORD}\n`, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
  );
  app = await startBrowserApp({ dataDir });
});
afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("/admin/observability", () => {
  it("says in French why an invitation was not made: the address has an account already", async () => {
    const page = await app.newPage({ viewport: DESKTOP, locale: "fr-CA" });
    await page.goto("/admin/observability");
    await page.locator("#admin-email").fill(EMAIL);
    await page.locator("#admin-password").fill(PASSWORD);
    await page.locator("form.stack-form button[type=submit]").click();
    await page.locator("[data-testid=overall]").waitFor();
    await page.locator("#invite-email").fill(EMAIL);
    await page.locator(".invite input[name=role][value=admin]").check();
    await page.locator("#invite-email").press("Enter");
    const refusal = page.locator(".invite [role=alert]");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      "L’invitation n’a pas été faite\u00a0: un compte existe déjà avec cette adresse courriel\u00a0; cette personne peut se connecter.",
    );
  });

  it("says a sign-out without a connection did not happen, and signs out once it can", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/admin/observability");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("[data-testid=overall]").waitFor();
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("sign-out-failed").waitFor();
    expect(await page.getByTestId("sign-out-failed").textContent()).toBe(
      "Your session is still open: the server could not be reached. Check the connection and try again.",
    );
    expect(await page.getByText(`Signed in as ${EMAIL}`).count()).toBe(1);
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in as an operator" }).waitFor();
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await fetch(`${app.baseUrl}/api/v1/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("keeps the last figures, incidents and the invitation form when a refresh fails, and says so", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.clock.install();
    await page.goto("/admin/observability");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("[data-testid=overall]").waitFor();
    await page.locator("#invite-email").fill("typing@example.org");
    // The server stops answering the operator's reads (a 503 from a proxy, say).
    await page.route("**/api/v1/admin/**", (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    );
    await page.clock.runFor(16_000); // the 15-second refresh of the figures and the incidents
    await page.getByTestId("obs-stale").waitFor();
    expect(await page.getByTestId("obs-stale").textContent()).toMatch(
      /^These figures could not be refreshed/,
    );
    expect(await page.locator("[data-testid=overall]").count()).toBe(1);
    expect(await page.getByText("Something went wrong while showing this page.").count()).toBe(0);
    expect(await page.locator("#invite-email").inputValue()).toBe("typing@example.org");
  });

  it("asks for sign-in, refuses a wrong password, then shows the operator view", async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto("/admin/observability");
    await page.getByRole("heading", { name: "Sign in as an operator" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    // Said by the page, in its language, not the server's own wording.
    expect(await page.getByRole("alert").textContent()).toBe(
      "Sign-in failed: The email or password is wrong, or the account is disabled.",
    );

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText(`Signed in as ${EMAIL}`).waitFor();
    await page.locator("[data-testid=overall]").waitFor();
    const api = (await (await page.request.get(`${app.baseUrl}/api/v1/admin/observability`)).json()) as {
      data: { thresholds: { checks: Array<{ name: string }>; healthy: boolean } };
    };
    const rows = await page.locator("#checks-heading + .table-scroll tbody th").allTextContents();
    expect(rows).toEqual(api.data.thresholds.checks.map((c) => c.name));
    // The failed and the successful sign-in are both /api/v1 traffic of the last 5 minutes.
    await expect
      .poll(() => page.locator("#routes-5m + .table-scroll tbody th").allTextContents())
      .toContain("POST /api/v1/auth/login");
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "observability-desktop");

    const cached = await page.evaluate(async () =>
      (await caches.keys()).includes("api-reads")
        ? (await (await caches.open("api-reads")).keys()).map((r) => new URL(r.url).pathname)
        : [],
    );
    expect(cached.filter((p) => p.startsWith("/api/v1/admin") || p.startsWith("/api/v1/auth"))).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in as an operator" }).waitFor();
    expect(await page.evaluate(async () => (await fetch("/api/v1/auth/me")).status)).toBe(401);
  });
});
