// The archive's demo crawls (two versions of one site) run in the background on first start;
// archive browser tests wait for them before reading captures or changes.
import { fetchHealthDetails } from "../../helpers/admin-token";
import type { BrowserApp } from "./app";

/** JSON of a GET on the app's server. */
export async function getJson<T>(app: BrowserApp, path: string): Promise<T> {
  return (await (await fetch(`${app.baseUrl}${path}`)).json()) as T;
}

/** The operator's health view (the admin token) of the app's server. */
async function healthDetails<T>(app: Pick<BrowserApp, "baseUrl">): Promise<T> {
  return (await (await fetchHealthDetails(app.baseUrl)).json()) as T;
}

export async function waitForArchiveDemo(app: Pick<BrowserApp, "baseUrl">): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const health = await healthDetails<{ archive?: { demo?: { state?: string } } }>(app);
    if (health.archive?.demo?.state === "ready") return;
    if (health.archive?.demo?.state === "failed") throw new Error("demo crawl failed");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("demo crawl not ready after 120 s");
}
