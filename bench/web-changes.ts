/**
 * The incremental-sync part of bench/web.ts: an administrator account prepared in the data folder,
 * one service changed through the API as a partner would, and the records the device's next sync
 * downloads, counted from the sync's own responses.
 */
import type { Page } from "playwright-core";
import { createStore } from "../server/db/store.js";
import { addUser } from "../server/directory/accounts/users.js";
import { directoryModule } from "../server/directory/index.js";
import { directorySyncRow, syncDuration, waitForSync } from "./web-device.js";

const EDITOR = "bench-editor@example.org";
const PASSWORD = "bench editor password, long enough";

/** Adds the editing account before the server opens the folder; returns how to sign it in. */
export async function prepareEditor(dataDir: string): Promise<(baseUrl: string) => Promise<string>> {
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await addUser(store, { email: EDITOR, password: PASSWORD, role: "admin" });
  await store.close();
  return async (baseUrl) => {
    const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EDITOR, password: PASSWORD, mode: "bearer" }),
    });
    if (res.status !== 200) throw new Error(`bench sign-in: ${res.status}`);
    return (await res.json()).data.token as string;
  };
}

/** Rewrites the first listed service's English description; returns its id. */
export async function changeOneService(baseUrl: string, token: string): Promise<string> {
  const list = await (await fetch(`${baseUrl}/api/v1/services?limit=1`)).json();
  const {
    id,
    organizationId: _o,
    organizationName: _n,
    updatedAt: _u,
    provenance: _p,
    mergedIds: _m,
    ...input
  } = list.data[0];
  const res = await fetch(`${baseUrl}/api/v1/services/${encodeURIComponent(id)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: `Changed at ${Date.now()}` } }),
  });
  if (res.status !== 200) throw new Error(`bench edit: ${res.status} ${await res.text()}`);
  return id;
}

/** Reloads the page (the app syncs as it opens) and counts the records that sync downloaded. */
export async function transferredBySync(
  page: Page,
  changedId: string,
): Promise<{ records: number; ms: number }> {
  const before = (await directorySyncRow(page))?.lastSuccessAt ?? null;
  let records = 0;
  let sawChanged = false;
  const counting: Promise<void>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    if (!/\/api\/v1\/services\?/.test(response.url())) return;
    counting.push(
      response.json().then((body: { data: Array<{ id: string }> }) => {
        records += body.data.length;
        sawChanged ||= body.data.some((r) => r.id === changedId);
      }),
    );
  };
  page.on("response", onResponse);
  await page.reload();
  const done = await waitForSync(page, before);
  page.off("response", onResponse);
  await Promise.all(counting);
  if (!sawChanged) throw new Error("the next sync did not bring the changed service");
  return { records, ms: await syncDuration(page, done) };
}
