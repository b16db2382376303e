/** Prepares a directory data folder with the seed and test accounts, before the server opens it. */
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../../../server/db/store.js";
import { addUser, disableUser } from "../../../server/directory/accounts/users.js";
import { directoryModule } from "../../../server/directory/index.js";
import { directoryRepository } from "../../../server/directory/repository-of.js";
import { seedDirectory } from "../../../server/directory/seed/seed-directory.js";
import { templateDir } from "../demo-template.js";
import { testHashCostInEffect } from "../hash-cost.js";

export const ORG_A = "org-partners-in-mission-food-bank";
export const ORG_B = "org-kingston-youth-shelter";
export const PASSWORD = "correct horse battery staple";
export const ACCOUNTS = {
  admin: "admin@example.org",
  partnerA: "a@example.org",
  partnerB: "b@example.org",
  disabled: "gone@example.org",
};

/**
 * A new folder with the seed and the accounts above. Inside a test run it is a copy of the folder
 * the global setup prepared once (a seed and four password hashes per file added up); outside one
 * (the global setup itself), or in a file hashing at production's cost (the template's hashes are
 * at the run's lower cost: tests/helpers/hash-cost.ts), it is prepared here.
 */
export async function prepareDirectoryData(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-accounts-"));
  const template = templateDir("accountsTemplateDir");
  if (template && testHashCostInEffect()) {
    cpSync(template, dataDir, { recursive: true });
    return dataDir;
  }
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  await seedDirectory(directoryRepository({ store }));
  // Together: at production's cost each hash takes hundreds of ms, and two can run at once.
  await Promise.all([
    addUser(directoryRepository({ store }), { email: ACCOUNTS.admin, password: PASSWORD, role: "admin" }),
    addUser(directoryRepository({ store }), {
      email: ACCOUNTS.partnerA,
      password: PASSWORD,
      role: "partner",
      organizationId: ORG_A,
    }),
    addUser(directoryRepository({ store }), {
      email: ACCOUNTS.partnerB,
      password: PASSWORD,
      role: "partner",
      organizationId: ORG_B,
    }),
    addUser(directoryRepository({ store }), {
      email: ACCOUNTS.disabled,
      password: PASSWORD,
      role: "partner",
      organizationId: ORG_A,
    }),
  ]);
  await disableUser(directoryRepository({ store }), ACCOUNTS.disabled);
  await store.close();
  return dataDir;
}

/**
 * Signs in through the API. `mode: "bearer"` answers a token; without a mode the server sets the
 * session cookie and answers a CSRF token.
 */
export const postLogin = (
  baseUrl: string,
  email: string,
  password: string,
  mode?: string,
  headers: Record<string, string> = {},
) =>
  fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password, ...(mode ? { mode } : {}) }),
  });

export async function bearer(baseUrl: string, email: string): Promise<string> {
  const res = await postLogin(baseUrl, email, PASSWORD, "bearer");
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}
