/**
 * `directory …` commands: user management (the first admin is created here; there is no default
 * password) and seeding. Passwords come from --password-stdin, or a strong one is generated and
 * shown once on the terminal. While a server holds the directory's sql.js database, account
 * changes are handed to it (accounts/user-requests.ts) instead of opening the database.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Command } from "commander";
import { loadConfig } from "../core/config.js";
import type { ModuleContext } from "../core/module.js";
import { hashPassword } from "./accounts/passwords.js";
import { directoryHeldByServer, handOffUserRequest, type UserRequest } from "./accounts/user-requests.js";
import {
  AccountError,
  addUser,
  checkAccountFields,
  checkPasswordStrength,
  disableUser,
  type Role,
  resetPassword,
} from "./accounts/users.js";
import { exportServices, type HsdsFormat, importServices, readHsds } from "./hsds/hsds-io.js";
import { mergeReport } from "./merges.js";
import { directoryRepository } from "./repository-of.js";
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

/** The running server's data folder, when a server holds the directory's database; else null. */
function serverDataDir(): string | null {
  const { DATA_DIR } = loadConfig();
  return directoryHeldByServer(DATA_DIR) ? DATA_DIR : null;
}

/** Hands `request` to the running server and prints its answer (exit 1 when it refused). */
async function viaServer(dataDir: string, request: UserRequest): Promise<void> {
  const answer = await handOffUserRequest(dataDir, request).catch(fail);
  if (!answer.ok) fail(new AccountError(answer.summary));
  process.stdout.write(`${answer.summary}\n`);
}

function fail(err: unknown): never {
  if (err instanceof AccountError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

export function registerDirectoryCli(
  program: Command,
  getContext: (opts?: { readOnly?: boolean }) => Promise<ModuleContext>,
): void {
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
        const dataDir = serverDataDir();
        if (dataDir) {
          const role = opts.role as Role;
          const organizationId = opts.org ?? null;
          try {
            checkAccountFields({ email, role, organizationId });
          } catch (err) {
            fail(err);
          }
          const { password, generated } = await passwordFrom(opts);
          try {
            checkPasswordStrength(password);
          } catch (err) {
            fail(err);
          }
          await viaServer(dataDir, {
            op: "user-add",
            id: randomUUID(),
            email,
            role,
            organizationId,
            name: opts.name ?? null,
            passwordHash: await hashPassword(password),
            createdAt: new Date().toISOString(),
          });
          if (generated) process.stdout.write(`password (shown once, store it safely): ${password}\n`);
          return;
        }
        const repo = directoryRepository(await getContext());
        const { password, generated } = await passwordFrom(opts);
        const created = await addUser(repo, {
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
      const users = await directoryRepository(await getContext({ readOnly: true })).listUsers();
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
      const dataDir = serverDataDir();
      if (dataDir) return viaServer(dataDir, { op: "user-disable", email });
      await disableUser(directoryRepository(await getContext()), email).catch(fail);
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
      const dataDir = serverDataDir();
      if (dataDir) {
        try {
          checkPasswordStrength(password);
        } catch (err) {
          fail(err);
        }
        await viaServer(dataDir, {
          op: "user-reset-password",
          email,
          passwordHash: await hashPassword(password),
        });
        if (generated) process.stdout.write(`new password (shown once, store it safely): ${password}\n`);
        return;
      }
      await resetPassword(directoryRepository(await getContext()), email, password).catch(fail);
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
    .command("export <target>")
    .description(
      "Export every service in HSDS 3.0: a folder of CSV tables with datapackage.json (--format csv) or one JSON file (--format json)",
    )
    .option("--format <format>", "csv or json", "csv")
    .action(async (target: string, opts: { format: string }) => {
      if (opts.format !== "csv" && opts.format !== "json")
        fail(new AccountError('--format must be "csv" or "json".'));
      const { services } = await directoryRepository(await getContext({ readOnly: true })).loadServices();
      const files = exportServices(services, target, opts.format as HsdsFormat);
      process.stdout.write(
        `exported ${services.length} services to ${files.length === 1 ? files[0] : target} (${files.length} files)\n`,
      );
    });

  directory
    .command("import <source>")
    .description(
      "Import HSDS 3.0 services from a CSV datapackage folder or a JSON file; any bad row is reported and the import refused, unless --skip-invalid",
    )
    .option("--dry-run", "check only, write nothing")
    .option("--skip-invalid", "write the valid services and skip each service that has a bad row")
    .action(async (source: string, opts: { dryRun?: boolean; skipInvalid?: boolean }) => {
      const parsed = readHsds(source);
      for (const e of parsed.errors) process.stderr.write(`${e.file}:${e.line}: ${e.reason}\n`);
      // Kept, but read with a guess the operator should know of (another taxonomy, a zone from an offset).
      for (const w of parsed.warnings) process.stderr.write(`${w.file}:${w.line}: warning: ${w.reason}\n`);
      if (opts.dryRun) {
        process.stdout.write(
          `${parsed.services.length} services valid, ${parsed.errors.length} rows rejected (dry run)\n`,
        );
      } else if (parsed.errors.length > 0 && !opts.skipInvalid) {
        process.stderr.write(
          `import refused: ${parsed.errors.length} rows rejected (listed above), nothing was written. ` +
            `Correct them, or pass --skip-invalid to import the ${parsed.services.length} valid services alone.\n`,
        );
      } else {
        const counts = await importServices(directoryRepository(await getContext()), parsed, {
          skipInvalid: opts.skipInvalid,
        });
        process.stdout.write(
          `created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}; ${parsed.errors.length} rows rejected\n`,
        );
        for (const d of counts.duplicates)
          for (const o of d.of)
            process.stdout.write(
              `possible duplicate: ${d.id} looks like ${o.id} (score ${o.score}: ${o.evidence.join(", ")}); flagged in the audit log\n`,
            );
      }
      if (parsed.errors.length) process.exitCode = 2;
    });

  directory
    .command("seed")
    .description(
      "Load the default services into an empty directory, merging duplicate records (on a directory with services: merge the seed's duplicates only)",
    )
    .option("--report", "list each merged pair with the evidence that matched and its score")
    .action(async (opts: { report?: boolean }) => {
      const seeded = await seedDirectory(directoryRepository(await getContext()));
      const merged = `merged ${seeded.merges.length} duplicate records`;
      process.stdout.write(
        seeded.loaded
          ? `seeded ${seeded.live} services from ${seeded.loaded} records; ${merged}\n`
          : `the directory already holds services; ${merged}\n`,
      );
      if (opts.report) for (const line of mergeReport(seeded.merges)) process.stdout.write(`  ${line}\n`);
    });
}
