/**
 * `directory …` commands: user management (the first admin is created here; there is no default
 * password) and seeding. Passwords come from --password-stdin, or a strong one is generated and
 * shown once on the terminal.
 */
import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import type { ModuleContext } from "../core/module.js";
import { AccountError, addUser, disableUser, listUsers, type Role, resetPassword } from "./accounts/users.js";
import { seedDirectory } from "./seed/seed-directory.js";
import { runSmoke } from "./smoke.js";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function passwordFrom(opts: {
  passwordStdin?: boolean;
}): Promise<{ password: string; generated: boolean }> {
  if (opts.passwordStdin) return { password: await readStdin(), generated: false };
  return { password: randomBytes(18).toString("base64url"), generated: true };
}

function fail(err: unknown): never {
  if (err instanceof AccountError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

export function registerDirectoryCli(program: Command, getContext: () => Promise<ModuleContext>): void {
  const directory = program.command("directory").description("Community services directory");
  const user = directory.command("user").description("Manage admin and partner accounts");

  user
    .command("add <email>")
    .description("Create an account (role admin, or partner with --org)")
    .option("--role <role>", "admin or partner", "partner")
    .option("--org <organizationId>", "the partner's organization")
    .option("--name <name>", "display name")
    .option(
      "--password-stdin",
      "read the password from standard input (otherwise one is generated and shown once)",
    )
    .action(
      async (email: string, opts: { role: string; org?: string; name?: string; passwordStdin?: boolean }) => {
        if (opts.role !== "admin" && opts.role !== "partner")
          fail(new AccountError('--role must be "admin" or "partner".'));
        const { store } = await getContext();
        const { password, generated } = await passwordFrom(opts);
        const created = await addUser(store, {
          email,
          password,
          role: opts.role as Role,
          organizationId: opts.org ?? null,
          name: opts.name ?? null,
        }).catch(fail);
        process.stdout.write(
          `created ${created.role} ${created.email}${created.organizationId ? ` (organization ${created.organizationId})` : ""}\n`,
        );
        if (generated) process.stdout.write(`password (shown once, store it safely): ${password}\n`);
      },
    );

  user
    .command("list")
    .description("List accounts (never passwords)")
    .option("--json", "JSON output")
    .action(async (opts: { json?: boolean }) => {
      const users = listUsers((await getContext()).store);
      if (opts.json) process.stdout.write(`${JSON.stringify(users, null, 2)}\n`);
      else
        for (const u of users)
          process.stdout.write(
            `${u.email}\t${u.role}\t${u.organizationId ?? "-"}\t${u.disabled ? "disabled" : "active"}\n`,
          );
    });

  user
    .command("disable <email>")
    .description("Disable an account and end its sessions")
    .action(async (email: string) => {
      await disableUser((await getContext()).store, email).catch(fail);
      process.stdout.write(`disabled ${email}\n`);
    });

  user
    .command("reset-password <email>")
    .description("Set a new password and end the account's sessions")
    .option(
      "--password-stdin",
      "read the password from standard input (otherwise one is generated and shown once)",
    )
    .action(async (email: string, opts: { passwordStdin?: boolean }) => {
      const { password, generated } = await passwordFrom(opts);
      await resetPassword((await getContext()).store, email, password).catch(fail);
      process.stdout.write(`password reset for ${email}\n`);
      if (generated) process.stdout.write(`new password (shown once, store it safely): ${password}\n`);
    });

  directory
    .command("smoke <base-url>")
    .description("The three post-incident smoke checks against a running server; exits 1 naming what failed")
    .option("--term <word>", "the common search term", "food")
    .action(async (baseUrl: string, opts: { term: string }) => {
      const results = await runSmoke(baseUrl, opts.term);
      for (const r of results) process.stdout.write(`${r.ok ? "PASS" : "FAIL"} ${r.check}: ${r.detail}\n`);
      const failed = results.filter((r) => !r.ok).map((r) => r.check);
      if (failed.length) {
        process.stderr.write(`smoke failed: ${failed.join(", ")}\n`);
        process.exitCode = 1;
      }
    });

  directory
    .command("seed")
    .description("Load the 196 default services into an empty directory")
    .action(async () => {
      const n = await seedDirectory((await getContext()).store);
      process.stdout.write(
        n ? `seeded ${n} services\n` : "the directory already holds services; nothing done\n",
      );
    });
}
