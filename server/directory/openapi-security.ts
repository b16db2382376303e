/**
 * How the directory's callers prove who they are, as OpenAPI security schemes, and the requirement
 * each kind of route declares (see accounts/authenticate.ts for the checks themselves). A route's
 * role (partner or admin) is in its summary: OpenAPI has no word for roles outside OAuth scopes.
 */
import type { AppRouter } from "../core/module.js";

type SecurityRequirement = Record<string, string[]>;

import { SESSION_COOKIE } from "./accounts/sessions.js";

/** Reads by a signed-in account: the session cookie, or a bearer token from a bearer sign-in. */
export const SIGNED_IN_READ: SecurityRequirement[] = [{ directorySession: [] }, { directoryBearer: [] }];
/** Changes: a cookie session must also send its CSRF token; a bearer token needs nothing more. */
export const SIGNED_IN_WRITE: SecurityRequirement[] = [
  { directorySession: [], directoryCsrf: [] },
  { directoryBearer: [] },
];
/** Open to anyone; signed-in administrators get more (the empty requirement makes sign-in optional). */
export const OPTIONALLY_SIGNED_IN: SecurityRequirement[] = [{}, ...SIGNED_IN_READ];
/** Needs no credentials at all (sign-in itself). */
export const NO_CREDENTIALS: SecurityRequirement[] = [];

export function registerDirectorySecuritySchemes(app: AppRouter): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent("securitySchemes", "directorySession", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The HttpOnly session cookie set by POST /api/v1/auth/login (cookie mode, the web dashboard)",
  });
  registry.registerComponent("securitySchemes", "directoryCsrf", {
    type: "apiKey",
    in: "header",
    name: "X-CSRF-Token",
    description: "The csrfToken returned by a cookie sign-in; required with the cookie on every change",
  });
  registry.registerComponent("securitySchemes", "directoryBearer", {
    type: "http",
    scheme: "bearer",
    description: 'The token returned by POST /api/v1/auth/login with "mode": "bearer" (integrators)',
  });
}
