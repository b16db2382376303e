/**
 * `chc directory user …` while the server runs: on sql.js the server holds the directory's
 * database, so the command hands its change to the server (core/cli-handoff.ts) through
 * `<DATA_DIR>/directory/requests/`. The command hashes a password itself: only the hash is in the
 * request file. The server checks each request as the command would have.
 */
import path from "node:path";
import { z } from "zod";
import { type HandoffAnswer, handOffTo, heldByAnotherProcess } from "../../core/cli-handoff.js";
import { storePaths } from "../../db/paths.js";
import type { AccountsRepository } from "../repository.js";
import { AccountError, checkAccountFields, disableUser, findUserByEmail } from "./users.js";

export const userRequest = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("user-add"),
    id: z.uuid(),
    email: z.string().min(3).max(254),
    role: z.enum(["admin", "partner"]),
    organizationId: z.string().min(1).max(200).nullable(),
    name: z.string().max(120).nullable(),
    passwordHash: z.string().min(20).max(500),
    createdAt: z.iso.datetime(),
  }),
  z.object({ op: z.literal("user-disable"), email: z.string().min(3).max(254) }),
  z.object({
    op: z.literal("user-reset-password"),
    email: z.string().min(3).max(254),
    passwordHash: z.string().min(20).max(500),
  }),
]);
export type UserRequest = z.infer<typeof userRequest>;

export const requestsDir = (dataDir: string) => path.join(dataDir, "directory", "requests");

/** True while a live server holds the directory's sql.js database. */
export const directoryHeldByServer = (dataDir: string) =>
  heldByAnotherProcess(storePaths(dataDir, "directory").lock);

export const handOffUserRequest = (dataDir: string, request: UserRequest) =>
  handOffTo(requestsDir(dataDir), storePaths(dataDir, "directory").lock, request, { timeoutMs: 60_000 });

/** The server's side: does what the command asked, through the same checks. */
export function userRequestHandler(repo: AccountsRepository): (raw: unknown) => Promise<HandoffAnswer> {
  return async (raw) => {
    const parsed = userRequest.safeParse(raw);
    if (!parsed.success) return { ok: false, summary: "the request was not one the server runs" };
    const req = parsed.data;
    try {
      if (req.op === "user-add") {
        const email = checkAccountFields(req);
        const created = await repo.createUser({ ...req, email });
        if (!created) return { ok: false, summary: `An account for ${email} already exists.` };
        return {
          ok: true,
          summary: `created ${req.role} ${email}${req.organizationId ? ` (organization ${req.organizationId})` : ""}`,
        };
      }
      if (req.op === "user-disable") {
        await disableUser(repo, req.email);
        return { ok: true, summary: `disabled ${req.email}` };
      }
      const user = await findUserByEmail(repo, req.email);
      if (!user) return { ok: false, summary: `No account for ${req.email}.` };
      await repo.setPassword(user.id, req.passwordHash, new Date().toISOString());
      return { ok: true, summary: `password reset for ${req.email}` };
    } catch (err) {
      if (err instanceof AccountError) return { ok: false, summary: err.message };
      throw err;
    }
  };
}
