/**
 * Who may read the operator's endpoints (/metrics, /api/health?details=1): the holder of
 * ARCHIVE_ADMIN_TOKEN (at least 16 characters, checked at start-up), sent as
 * `Authorization: Bearer <token>` or `X-Admin-Token: <token>` and compared in constant time.
 * Unset → the endpoint says how to enable it (`unconfigured`), never open. Wrong tokens are limited
 * per client address (10 per 15 minutes over both endpoints, then 429 even for the right one), so
 * the token cannot be guessed at network speed while a scraper on another address keeps working.
 * With WORKERS=N on PostgreSQL the wrong tokens are counted where sign-in failures are, in the
 * database every process shares (the directory hands its limits over: `shareAdminTokenLimits`),
 * so N processes do not allow N times ten; while the database does not answer, each process
 * counts on its own, so the operator can still read /metrics and the health details.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Config } from "../config.js";
import { ApiError } from "../errors.js";
import { type Attempt, FailureWindow, type Limit, type Reservation } from "../failure-window.js";
import type { AppRouter } from "../module.js";
import { clientKey } from "./client-address.js";

const WRONG_TOKENS_PER_ADDRESS = 10;
const WINDOW_MS = 15 * 60_000;

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison; hashing first makes both sides the same length. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** One window per app (its config): guesses at /metrics and at health details add up. */
const windows = new WeakMap<Config, FailureWindow>();

/** Failure limits kept where every process of the server counts (the sign-in limits' table). */
export interface SharedFailureLimits {
  reserveSignIn(limits: readonly Limit[], windowMs: number): Promise<Reservation>;
  forgiveSignIn(attempt: Attempt): Promise<void>;
}
const sharedLimits = new WeakMap<object, SharedFailureLimits>();

/** Has the app's wrong admin tokens counted in `limits`, shared by every process, from now on. */
export function shareAdminTokenLimits(config: object, limits: SharedFailureLimits): void {
  sharedLimits.set(config, limits);
}

export interface AdminTokenOptions {
  config: Pick<Config, "ARCHIVE_ADMIN_TOKEN" | "TRUST_PROXY">;
  /** The error when no token is configured, naming what it would enable. */
  unconfigured: () => ApiError;
}

/** Returns a check that throws the right ApiError unless the request carries the admin token. */
export function adminTokenCheck({ config, unconfigured }: AdminTokenOptions): (c: Context) => Promise<void> {
  let failures = windows.get(config as Config);
  if (!failures) {
    failures = new FailureWindow(WINDOW_MS);
    windows.set(config as Config, failures);
  }
  const window = failures;
  return async (c) => {
    const expected = config.ARCHIVE_ADMIN_TOKEN;
    if (!expected) throw unconfigured();
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const given = bearer ?? c.req.header("x-admin-token");
    if (!given)
      throw new ApiError(
        "Unauthorized",
        "Send the admin token as Authorization: Bearer <token> or X-Admin-Token: <token>",
        undefined,
        { "WWW-Authenticate": "Bearer" },
      );
    // Counted before the comparison; a right token is forgiven just after.
    const limits = [{ key: clientKey(c, config.TRUST_PROXY), max: WRONG_TOKENS_PER_ADDRESS }];
    const shared = sharedLimits.get(config);
    let counted: { reservation: Reservation; forgive: (a: Attempt) => unknown } | null = null;
    if (shared)
      try {
        // Its own keys in the sign-in table: a wrong token never counts against signing in.
        const reservation = await shared.reserveSignIn(
          limits.map((l) => ({ ...l, key: `admin-token|${l.key}` })),
          WINDOW_MS,
        );
        counted = { reservation, forgive: (a) => shared.forgiveSignIn(a).catch(() => undefined) };
      } catch {
        // The database does not answer: this process counts on its own meanwhile.
      }
    counted ??= { reservation: window.reserve(limits), forgive: (a) => window.forgive(a) };
    const { reservation } = counted;
    if (!reservation.allowed) {
      const wait = reservation.retryAfterSeconds;
      throw new ApiError(
        "RateLimited",
        `Too many wrong admin tokens from this address: try again in ${wait} s.`,
        undefined,
        { "Retry-After": String(wait) },
      );
    }
    if (!tokenMatches(given.trim(), expected))
      throw new ApiError("Forbidden", "The admin token is not valid");
    await counted.forgive(reservation.attempt);
  };
}

/** The OpenAPI security of an operator's endpoint: either header carries the token. */
export const ADMIN_TOKEN_SECURITY: Record<string, string[]>[] = [
  { archiveAdminToken: [] },
  { archiveAdminTokenHeader: [] },
];

/** The two schemes ADMIN_TOKEN_SECURITY names, registered once (by health, always mounted). */
export function registerAdminTokenSchemes(app: AppRouter): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "archiveAdminToken", {
    type: "http",
    scheme: "bearer",
    description: "The admin token (ARCHIVE_ADMIN_TOKEN) as Authorization: Bearer <token>",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "archiveAdminTokenHeader", {
    type: "apiKey",
    in: "header",
    name: "X-Admin-Token",
    description:
      "The same admin token in the X-Admin-Token header, for clients that cannot set Authorization",
  });
}
