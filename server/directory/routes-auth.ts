/**
 * Sign-in and sign-out: POST /api/v1/auth/login (cookie session for the dashboard, or a bearer token
 * for integrators), POST /api/v1/auth/logout (revokes), GET /api/v1/auth/me. Failed sign-ins are
 * limited per account and per client address.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { ApiError } from "../core/errors.js";
import type { AppEnv, AppRouter, ModuleContext } from "../core/module.js";
import { requireSession } from "./accounts/authenticate.js";
import type { LoginThrottle } from "./accounts/login-throttle.js";
import { DUMMY_HASH_PROMISE, verifyPassword } from "./accounts/passwords.js";
import { issueSession, revokeSession, SESSION_COOKIE, SESSION_TTL_MS } from "./accounts/sessions.js";
import { findUserByEmail } from "./accounts/users.js";
import { NO_CREDENTIALS, SIGNED_IN_READ, SIGNED_IN_WRITE } from "./openapi-security.js";
import { ErrorSchema } from "./schemas.js";

const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(["admin", "partner"]),
    organizationId: z.string().nullable(),
  })
  .openapi("DirectoryUser");

const LoginBody = z
  .object({
    email: z.string().min(3).max(254),
    password: z.string().min(1).max(1024),
    mode: z
      .enum(["cookie", "bearer"])
      .optional()
      .openapi({ description: "cookie (default) for the dashboard, bearer for integrators" }),
  })
  .strict();

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

const loginRoute = createRoute({
  method: "post",
  path: "/api/v1/auth/login",
  security: NO_CREDENTIALS,
  tags: ["directory auth"],
  summary: "Sign in; cookie mode returns a csrfToken to send as X-CSRF-Token on writes",
  request: { body: { required: true, content: { "application/json": { schema: LoginBody } } } },
  responses: {
    200: {
      description: "Signed in",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              user: UserSchema,
              expiresAt: z.string(),
              csrfToken: z.string().optional(),
              token: z.string().optional(),
            }),
          }),
        },
      },
    },
    400: err("Bad body"),
    401: err("Wrong email or password, or account disabled"),
    429: err("Too many failed attempts"),
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/api/v1/auth/logout",
  security: SIGNED_IN_WRITE,
  tags: ["directory auth"],
  summary: "Revoke the current session",
  responses: {
    200: {
      description: "Signed out",
      content: { "application/json": { schema: z.object({ data: z.object({ signedOut: z.boolean() }) }) } },
    },
    401: err("Not signed in"),
    403: err("CSRF token missing"),
  },
});

const meRoute = createRoute({
  method: "get",
  path: "/api/v1/auth/me",
  security: SIGNED_IN_READ,
  tags: ["directory auth"],
  summary: "The signed-in account",
  responses: {
    200: {
      description: "The account",
      content: { "application/json": { schema: z.object({ data: UserSchema }) } },
    },
    401: err("Not signed in"),
  },
});

export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

function isHttps(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  return trustProxy && c.req.header("x-forwarded-proto") === "https";
}

const publicUser = (u: {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
  organizationId: string | null;
}) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  organizationId: u.organizationId,
});

export function mountAuthRoutes(app: AppRouter, ctx: ModuleContext, throttle: LoginThrottle): void {
  const trustProxy = ctx.config.TRUST_PROXY;
  app.openapi(loginRoute, async (c) => {
    const { email, password, mode } = c.req.valid("json");
    const account = email.trim().toLowerCase();
    const address = clientAddress(c, trustProxy);
    const wait = throttle.retryAfter(account, address);
    if (wait > 0)
      throw new ApiError("RateLimited", `Too many failed sign-ins: try again in ${wait} s.`, undefined, {
        "Retry-After": String(wait),
      });
    const user = findUserByEmail(ctx.store, account);
    // Verify against a dummy hash when the account is unknown, so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !ok || user.disabled) {
      throttle.recordFailure(account, address);
      throw new ApiError("Unauthorized", "Wrong email or password, or the account is disabled.");
    }
    throttle.recordSuccess(account);
    const kind = mode === "bearer" ? "bearer" : "cookie";
    const issued = await issueSession(ctx.store, user.id, kind);
    c.header("Cache-Control", "no-store");
    if (kind === "cookie") {
      setCookie(c, SESSION_COOKIE, issued.token, {
        httpOnly: true,
        sameSite: "Strict",
        secure: isHttps(c, trustProxy),
        path: "/",
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      return c.json(
        {
          data: {
            user: publicUser(user),
            expiresAt: issued.expiresAt,
            csrfToken: issued.csrfToken ?? undefined,
          },
        },
        200,
      );
    }
    return c.json(
      { data: { user: publicUser(user), expiresAt: issued.expiresAt, token: issued.token } },
      200,
    );
  });

  app.openapi(logoutRoute, async (c) => {
    const session = requireSession(c, ctx.store, { write: true });
    await revokeSession(ctx.store, session.tokenHash);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ data: { signedOut: true } }, 200);
  });

  app.openapi(meRoute, (c) => {
    const session = requireSession(c, ctx.store, { write: false });
    c.header("Cache-Control", "no-store");
    return c.json({ data: publicUser(session.user) }, 200);
  });
}
