import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTempStore, type TempStore } from "../../../tests/helpers/temp-store.js";
import type { Store } from "../../db/types.js";
import { directoryModule } from "../index.js";
import { directoryRepository } from "../repository-of.js";
import { issueSession, lookupSession } from "./sessions.js";
import { AccountError, addUser, disableUser, resetPassword } from "./users.js";

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await openTempStore(directoryModule);
  store = temp.store;
});
afterEach(() => temp.close());

describe("accounts (the CLI's user commands)", () => {
  it("refuses the same email created twice at once as a duplicate, keeping one account", async () => {
    const repo = directoryRepository({ store });
    const add = () =>
      addUser(repo, { email: "twice@example.org", password: "long enough pw", role: "admin" });
    const results = await Promise.allSettled([add(), add()]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AccountError);
    expect(refused.reason.message).toMatch(/already exists/);
    expect((await repo.listUsers()).filter((u) => u.email === "twice@example.org")).toHaveLength(1);
  });

  it("adds admins and partners, refusing weak passwords, duplicates and partners without an organization", async () => {
    await addUser(directoryRepository({ store }), {
      email: "Admin@Example.org",
      password: "twelve chars!",
      role: "admin",
    });
    await expect(
      addUser(directoryRepository({ store }), {
        email: "admin@example.org",
        password: "twelve chars!",
        role: "admin",
      }),
    ).rejects.toThrow(AccountError);
    await expect(
      addUser(directoryRepository({ store }), {
        email: "p@example.org",
        password: "short",
        role: "partner",
        organizationId: "org-x",
      }),
    ).rejects.toThrow(/12 characters/);
    await expect(
      addUser(directoryRepository({ store }), {
        email: "p@example.org",
        password: "long enough pw",
        role: "partner",
      }),
    ).rejects.toThrow(/--org/);
    await expect(
      addUser(directoryRepository({ store }), {
        email: "not an email",
        password: "long enough pw",
        role: "admin",
      }),
    ).rejects.toThrow(/email/);
    await addUser(directoryRepository({ store }), {
      email: "p@example.org",
      password: "long enough pw",
      role: "partner",
      organizationId: "org-x",
    });
    const users = await directoryRepository({ store }).listUsers();
    expect(users.map((u) => [u.email, u.role, u.organizationId])).toEqual([
      ["admin@example.org", "admin", null],
      ["p@example.org", "partner", "org-x"],
    ]);
    expect(JSON.stringify(users)).not.toMatch(/scrypt/);
    const row = store.get<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE email = 'p@example.org'",
    );
    expect(row?.password_hash).not.toContain("long enough pw");
  });
  it("disable and reset-password end the account's sessions", async () => {
    const u = await addUser(directoryRepository({ store }), {
      email: "p@example.org",
      password: "long enough pw",
      role: "partner",
      organizationId: "org-x",
    });
    const s1 = await issueSession(directoryRepository({ store }), u.id, "bearer");
    expect((await lookupSession(directoryRepository({ store }), s1.token))?.user.email).toBe("p@example.org");
    await resetPassword(directoryRepository({ store }), "p@example.org", "another long pw");
    expect(await lookupSession(directoryRepository({ store }), s1.token)).toBeNull();
    const s2 = await issueSession(directoryRepository({ store }), u.id, "bearer");
    await disableUser(directoryRepository({ store }), "p@example.org");
    expect(await lookupSession(directoryRepository({ store }), s2.token)).toBeNull();
    expect((await directoryRepository({ store }).listUsers())[0].disabled).toBe(true);
    await expect(disableUser(directoryRepository({ store }), "nobody@example.org")).rejects.toThrow(
      AccountError,
    );
  });
  it("keeps only a hash of session tokens and expires them", async () => {
    const u = await addUser(directoryRepository({ store }), {
      email: "a@example.org",
      password: "long enough pw",
      role: "admin",
    });
    const s = await issueSession(
      directoryRepository({ store }),
      u.id,
      "cookie",
      new Date("2026-01-01T00:00:00Z"),
    );
    const rows = store.all<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(rows[0].token_hash).not.toBe(s.token);
    expect(
      await lookupSession(directoryRepository({ store }), s.token, new Date("2026-01-01T01:00:00Z")),
    ).not.toBeNull();
    expect(
      await lookupSession(directoryRepository({ store }), s.token, new Date("2026-01-02T01:00:00Z")),
    ).toBeNull();
  });
});
