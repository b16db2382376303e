/**
 * `chc directory user add/disable/reset-password` in their own processes while the server holds
 * directory.sqlite: the server makes the change (accounts/user-requests.ts), the command prints the
 * outcome and exits 0 or 1, and the change is live at once (sign-in through the server's API).
 */
import { execFile } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, ORG_A, postLogin, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    modules: [directoryModule],
    dataDir: await prepareDirectoryData(),
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(server.dataDir, { recursive: true, force: true });
});

/** `chc directory user …` as its own process, with `stdin` as its standard input. */
function chc(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", "directory", "user", ...args),
      { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
    child.stdin?.end(stdin ?? "");
  });
}
const PASSWORD = "typed on the server's console";

describe("chc directory user … beside the running server", () => {
  it("adds a partner the server then signs in, refuses a duplicate, resets and disables", async () => {
    const added = await chc(
      ["add", "Beside@Example.org", "--org", ORG_A, "--password-stdin"],
      `${PASSWORD}\n`,
    );
    expect(added).toMatchObject({
      code: 0,
      stdout: `created partner beside@example.org (organization ${ORG_A})\n`,
    });
    const signIn = await postLogin(server.baseUrl, "beside@example.org", PASSWORD);
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).data.user).toMatchObject({ role: "partner", organizationId: ORG_A });

    const again = await chc(
      ["add", "beside@example.org", "--org", ORG_A, "--password-stdin"],
      `${PASSWORD}\n`,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("An account for beside@example.org already exists.\n");
    const noOrg = await chc(["add", "other@example.org", "--password-stdin"], `${PASSWORD}\n`);
    expect(noOrg).toMatchObject({ code: 1, stderr: "A partner account needs --org <organization id>.\n" });

    // A generated password is shown once and works.
    const admin = await chc(["add", "second-admin@example.org", "--role", "admin"]);
    expect(admin.code).toBe(0);
    const generated = /password \(shown once, store it safely\): (\S+)/.exec(admin.stdout)?.[1] as string;
    expect((await postLogin(server.baseUrl, "second-admin@example.org", generated)).status).toBe(200);

    const reset = await chc(
      ["reset-password", "beside@example.org", "--password-stdin"],
      "a brand new password\n",
    );
    expect(reset).toMatchObject({ code: 0, stdout: "password reset for beside@example.org\n" });
    expect((await postLogin(server.baseUrl, "beside@example.org", PASSWORD)).status).toBe(401);
    expect((await postLogin(server.baseUrl, "beside@example.org", "a brand new password")).status).toBe(200);

    const disabled = await chc(["disable", ACCOUNTS.partnerB]);
    expect(disabled).toMatchObject({ code: 0, stdout: `disabled ${ACCOUNTS.partnerB}\n` });
    const unknown = await chc(["disable", "nobody@example.org"]);
    expect(unknown).toMatchObject({ code: 1, stderr: "No account for nobody@example.org.\n" });

    // Requests and answers are collected once answered; none holds a password.
    expect(readdirSync(path.join(server.dataDir, "directory", "requests"))).toEqual([]);
  }, 120_000);
});
