/**
 * Sign-in and sign-out: POST /api/v1/auth/login (cookie session for the dashboard, or a bearer token
 * for integrators), POST /api/v1/auth/logout (revokes), GET /api/v1/auth/me. Failed sign-ins are
 * limited per account and per client address.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie, setCookie } from "hono/cookie";
import { clientKey } from "../../core/http/client-address.js";
import { noStore } from "../../core/http/no-store.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { requireSession } from "../accounts/authenticate.js";
import {
  issueSession,
  revokeSession,
  SESSION_COOKIE,
  SESSION_COOKIE_OPTIONS,
  sessionCookieOptions,
} from "../accounts/sessions.js";
import { checkSignIn, type SignInGuards } from "../accounts/sign-in.js";
import { NO_CREDENTIALS, SIGNED_IN_READ, SIGNED_IN_WRITE } from "../openapi-security.js";
import type { DirectoryRepository } from "../repository.js";
import { ErrorSchema } from "../schemas.js";

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
    keep: z.boolean().optional().openapi({
      description:
        "cookie mode: keep me signed in (a personal device): the cookie survives a browser restart and the session lasts 30 days instead of 12 hours",
    }),
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

export function mountAuthRoutes(
  app: AppRouter,
  ctx: ModuleContext,
  repo: DirectoryRepository,
  signInGuards: SignInGuards,
): void {
  app.openapi(noStore(loginRoute), async (c) => {
    const { email, password, mode, keep } = c.req.valid("json");
    const user = await checkSignIn(repo, signInGuards, ctx.logger, {
      account: email.trim().toLowerCase(),
      address: clientKey(c, ctx.config.TRUST_PROXY),
      password,
    });
    const kind = mode === "bearer" ? "bearer" : "cookie";
    const kept = kind === "cookie" && keep === true;
    const issued = await issueSession(repo, user.id, kind, new Date(), kept);
    if (kind === "cookie") {
      setCookie(c, SESSION_COOKIE, issued.token, sessionCookieOptions(kept));
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
    const session = await requireSession(c, repo, { write: true });
    await revokeSession(repo, session.tokenHash);
    deleteCookie(c, SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
    return c.json({ data: { signedOut: true } }, 200);
  });

  app.openapi(noStore(meRoute), async (c) => {
    const session = await requireSession(c, repo, { write: false });
    return c.json({ data: publicUser(session.user) }, 200);
  });
}
