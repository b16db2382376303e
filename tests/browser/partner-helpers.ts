// Shared steps of the partner dashboard's browser tests: a server over a directory data folder
// holding the seed and test accounts, signing in through the page, and direct API edits that play
// "someone else" saving the same service.
import type { Page } from "playwright-core";
import type { DirectoryService } from "../../shared/directory/types";
import { bearer, PASSWORD } from "../directory/accounts-helpers";

export const SERVICE = "partners-in-mission-food-bank"; // belongs to partner A's organization
export const SERVICE_NAME = "Partners in Mission Food Bank";

export async function signInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.locator("#pf-email").fill(email);
  await page.locator("#pf-password").fill(password);
  await page.locator(".pf-signin button[type=submit]").click();
}

export async function readService(baseUrl: string, id = SERVICE): Promise<DirectoryService> {
  return (await (await fetch(`${baseUrl}/api/v1/services/${id}`)).json()).data;
}

/** Saves a new English description through the API, as another person would (returns the new version). */
export async function editElsewhere(baseUrl: string, email: string, description: string): Promise<number> {
  const token = await bearer(baseUrl, email);
  const {
    organizationId: _o,
    organizationName: _n,
    updatedAt: _u,
    provenance: _p,
    id: _i,
    ...input
  } = await readService(baseUrl);
  const res = await fetch(`${baseUrl}/api/v1/services/${SERVICE}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: description } }),
  });
  if (res.status !== 200) throw new Error(`edit elsewhere: ${res.status} ${await res.text()}`);
  return (await res.json()).data.version;
}
