/**
 * Who is calling: a bearer token (`Authorization: Bearer …`, integrators) or the session cookie
 * (the web dashboard). Cookie sessions must echo their CSRF token in `X-CSRF-Token` on writes.
 * Routes for administrators and service writes check who is calling before what was sent
 * (`authorizeFirst`), so a refused caller never learns a schema's values from a 400.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../../core/errors.js";
import type { AppEnv, AppRouter } from "../../core/module.js";
import type { AccountsRepository } from "../repository.js";
import { type ActiveSession, csrfMatches, lookupSession, SESSION_COOKIE } from "./sessions.js";

/** One lookup per request, though both authorizeFirst and the route ask. */
const sessionsOfRequests = new WeakMap<Request, Promise<ActiveSession | null>>();

export function readSession(c: Context<AppEnv>, repo: AccountsRepository): Promise<ActiveSession | null> {
  let session = sessionsOfRequests.get(c.req.raw);
  if (!session) {
    session = lookupCaller(c, repo);
    sessionsOfRequests.set(c.req.raw, session);
  }
  return session;
}

async function lookupCaller(c: Context<AppEnv>, repo: AccountsRepository): Promise<ActiveSession | null> {
  const header = c.req.header("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) return null;
    const session = await lookupSession(repo, m[1]);
    return session?.kind === "bearer" ? session : null;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  if (!cookie) return null;
  const session = await lookupSession(repo, cookie);
  return session?.kind === "cookie" ? session : null;
}

/** The caller's session, or 401; on writes from a cookie session, also the CSRF check (403). */
export async function requireSession(
  c: Context<AppEnv>,
  repo: AccountsRepository,
  opts: { write: boolean },
): Promise<ActiveSession> {
  const session = await readSession(c, repo);
  if (!session)
    throw new ApiError(
      "Unauthorized",
      "Sign in first: send the session cookie or an Authorization: Bearer token.",
    );
  if (opts.write && session.kind === "cookie" && !csrfMatches(session, c.req.header("x-csrf-token"))) {
    throw new ApiError(
      "Forbidden",
      "Missing or wrong X-CSRF-Token header: send the csrfToken returned at sign-in with every change.",
    );
  }
  return session;
}

export async function requireAdmin(
  c: Context<AppEnv>,
  repo: AccountsRepository,
  opts: { write: boolean },
): Promise<ActiveSession> {
  const session = await requireSession(c, repo, opts);
  if (session.user.role !== "admin") throw new ApiError("Forbidden", "Only an administrator may do this.");
  return session;
}

export async function isAdminRequest(c: Context<AppEnv>, repo: AccountsRepository): Promise<boolean> {
  return (await readSession(c, repo))?.user.role === "admin";
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Registered before the routes: every /api/v1/admin route needs an administrator, and a service
 * write (POST, PUT, DELETE under /api/v1/services) a signed-in caller, before the route's
 * validation runs. The routes check again what only they know (who owns the service).
 */
export function authorizeFirst(app: AppRouter, repo: AccountsRepository): void {
  app.use("/api/v1/admin/*", async (c, next) => {
    await requireAdmin(c, repo, { write: !READS.has(c.req.method) });
    await next();
  });
  for (const path of ["/api/v1/services", "/api/v1/services/*"])
    app.use(path, async (c, next) => {
      if (["POST", "PUT", "DELETE"].includes(c.req.method)) await requireSession(c, repo, { write: true });
      await next();
    });
}
