/**
 * Invitations (accounts/invitations.ts, http/invitations.ts) against the real server: an
 * administrator invites, the invitee looks the link up and sets a password, the link works once and
 * expires; bad input is a 4xx naming the parameter; with a mail relay (a real SMTP server) the link
 * goes by mail and is not returned. Also "keep me signed in": only then does the cookie outlive the browser.
 */
import { rmSync } from "node:fs";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "../../server/db/store.js";
import { createInvitation, INVITATION_TTL_MS } from "../../server/directory/accounts/invitations.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryRepository } from "../../server/directory/repository-of.js";
import { ACCOUNTS, ORG_A, PASSWORD, postLogin, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { type SmtpRelay, startSmtpRelay } from "../helpers/directory/smtp-relay.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const json = { "content-type": "application/json" };
let server: TestServer;
let mailed: TestServer;
let relay: SmtpRelay;
let expiredToken: string;
const dirs: string[] = [];

/** A data folder holding, besides the test accounts, an invitation made 73 hours ago. */
async function dataWithExpiredInvitation(): Promise<string> {
  const dataDir = await prepareDirectoryData();
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  const long = new Date(Date.now() - INVITATION_TTL_MS - 60 * 60_000);
  expiredToken = (
    await createInvitation(
      directoryRepository({ store }),
      { email: "late@example.org", role: "partner", organizationId: ORG_A, name: null, invitedBy: null },
      long,
    )
  ).token;
  await store.close();
  return dataDir;
}

beforeAll(async () => {
  const env = { RATE_LIMIT_PER_MINUTE: "100000" };
  const plain = await dataWithExpiredInvitation();
  relay = await startSmtpRelay({ starttls: false });
  const withMail = await prepareDirectoryData();
  dirs.push(plain, withMail);
  [server, mailed] = await Promise.all([
    startTestServer({ modules: [directoryModule], dataDir: plain, env }),
    startTestServer({
      modules: [directoryModule],
      dataDir: withMail,
      env: {
        ...env,
        ALERT_SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
        ALERT_MAIL_FROM: "directory@example.org",
        ALERT_MAIL_TO: "ops@example.org",
      },
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), mailed?.close()]);
  await relay?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An administrator's cookie and CSRF token on `base`. */
async function adminOn(base: string) {
  const res = await postLogin(base, ACCOUNTS.admin, PASSWORD);
  expect(res.status).toBe(200);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { cookie, "x-csrf-token": (await res.json()).data.csrfToken as string };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) });

async function expectError(res: Response, status: number, type: string, names: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, error: type });
  expect(body.message).toContain(names);
}

describe("invitations", () => {
  it("an administrator invites a partner; the link opens once, sets the password and signs in", async () => {
    const admin = await adminOn(server.baseUrl);
    const res = await post(
      server.baseUrl,
      "/api/v1/admin/invitations",
      { email: "New.Partner@Example.org", role: "partner", organizationId: ORG_A },
      admin,
    );
    expect(res.status).toBe(201);
    const invited = (await res.json()).data;
    expect(invited).toMatchObject({
      email: "new.partner@example.org",
      role: "partner",
      organizationId: ORG_A,
      delivery: "link",
    });
    expect(invited.organizationName).toBeTruthy();
    expect(Date.parse(invited.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(Date.parse(invited.expiresAt) - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    // The token is in the fragment: a browser never sends it to a server.
    const m = /^http:\/\/127\.0\.0\.1:\d+\/partner\/welcome#([\w-]{43})$/.exec(invited.link);
    expect(m).not.toBeNull();
    const token = m?.[1] as string;

    const lookup = await post(server.baseUrl, "/api/v1/invitations/lookup", { token });
    expect(lookup.status).toBe(200);
    expect((await lookup.json()).data.email).toBe("new.partner@example.org");

    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", { token, password: "short" }),
      400,
      "ValidationError",
      "password",
    );
    const accepted = await post(server.baseUrl, "/api/v1/invitations/accept", {
      token,
      password: "a long enough new password",
    });
    expect(accepted.status).toBe(201);
    const login = await postLogin(server.baseUrl, "new.partner@example.org", "a long enough new password");
    expect(login.status).toBe(200);
    expect((await login.json()).data.user).toMatchObject({ role: "partner", organizationId: ORG_A });

    // Single use: neither looking up nor accepting works again.
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/lookup", { token }),
      410,
      "Gone",
      "token",
    );
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", { token, password: "another long password" }),
      410,
      "Gone",
      "token",
    );
    const still = await postLogin(server.baseUrl, "new.partner@example.org", "a long enough new password");
    expect(still.status).toBe(200);
  }, 60_000);

  it("a new invitation to the same address replaces the earlier one, whose link stops working", async () => {
    const admin = await adminOn(server.baseUrl);
    const invite = async (body: Record<string, unknown>) => {
      const res = await post(
        server.baseUrl,
        "/api/v1/admin/invitations",
        { email: "twice@example.org", ...body },
        admin,
      );
      expect(res.status).toBe(201);
      return /#([\w-]{43})$/.exec((await res.json()).data.link)?.[1] as string;
    };
    const wrongRole = await invite({ role: "admin" });
    const corrected = await invite({ role: "partner", organizationId: ORG_A });
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", {
        token: wrongRole,
        password: "a long enough new password",
      }),
      410,
      "Gone",
      "token",
    );
    const accepted = await post(server.baseUrl, "/api/v1/invitations/accept", {
      token: corrected,
      password: "a long enough new password",
    });
    expect(accepted.status).toBe(201);
    const login = await postLogin(server.baseUrl, "twice@example.org", "a long enough new password");
    expect((await login.json()).data.user).toMatchObject({ role: "partner", organizationId: ORG_A });
  }, 60_000);

  it("lists the open invitations and withdraws one, whose link stops working at once", async () => {
    const admin = await adminOn(server.baseUrl);
    const sent = await post(
      server.baseUrl,
      "/api/v1/admin/invitations",
      { email: "Withdrawn@Example.org", role: "partner", organizationId: ORG_A },
      admin,
    );
    expect(sent.status).toBe(201);
    const token = /#([\w-]{43})$/.exec((await sent.json()).data.link)?.[1] as string;
    const list = async () => {
      const res = await fetch(`${server.baseUrl}/api/v1/admin/invitations`, {
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return (await res.json()).data as { email: string; invitedBy: string; organizationName: string }[];
    };
    const open = (await list()).find((i) => i.email === "withdrawn@example.org");
    expect(open).toMatchObject({ role: "partner", invitedBy: ACCOUNTS.admin, organizationId: ORG_A });
    expect(open?.organizationName).toBeTruthy();
    // The expired one made 73 hours ago is not open.
    expect((await list()).map((i) => i.email)).not.toContain("late@example.org");

    const withdraw = (email: string, headers: Record<string, string> = admin) =>
      post(server.baseUrl, "/api/v1/admin/invitations/withdraw", { email }, headers);
    const done = await withdraw("withdrawn@example.org");
    expect(done.status).toBe(200);
    expect((await done.json()).data).toEqual({ email: "withdrawn@example.org" });
    expect((await list()).map((i) => i.email)).not.toContain("withdrawn@example.org");
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", {
        token,
        password: "a long enough new password",
      }),
      410,
      "Gone",
      "token",
    );
    await expectError(await withdraw("withdrawn@example.org"), 404, "NotFound", "email");
    await expectError(await withdraw("not an address"), 400, "ValidationError", "email");
    // Without the CSRF token, or as a partner: refused.
    expect((await withdraw("x@example.org", { cookie: admin.cookie })).status).toBe(403);
    const partner = await postLogin(server.baseUrl, ACCOUNTS.partnerA, PASSWORD);
    const partnerCookie = (partner.headers.get("set-cookie") ?? "").split(";")[0];
    const asPartner = await fetch(`${server.baseUrl}/api/v1/admin/invitations`, {
      headers: { cookie: partnerCookie },
    });
    expect(asPartner.status).toBe(403);
  }, 60_000);

  it("refuses an expired link (72 hours)", async () => {
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/lookup", { token: expiredToken }),
      410,
      "Gone",
      "expired",
    );
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", {
        token: expiredToken,
        password: "a long enough new password",
      }),
      410,
      "Gone",
      "expired",
    );
    expect((await postLogin(server.baseUrl, "late@example.org", "a long enough new password")).status).toBe(
      401,
    );
  });

  it("answers bad input with a 4xx naming the parameter", async () => {
    const admin = await adminOn(server.baseUrl);
    const invite = (body: unknown, headers: Record<string, string> = admin) =>
      post(server.baseUrl, "/api/v1/admin/invitations", body, headers);
    await expectError(
      await invite({ role: "partner", organizationId: ORG_A }),
      400,
      "ValidationError",
      "email",
    );
    await expectError(
      await invite({ email: "not an address", role: "partner", organizationId: ORG_A }),
      400,
      "ValidationError",
      "email",
    );
    await expectError(await invite({ email: "x@example.org", role: "boss" }), 400, "ValidationError", "role");
    await expectError(
      await invite({ email: "x@example.org", role: "partner" }),
      400,
      "ValidationError",
      "organizationId",
    );
    await expectError(
      await invite({ email: "x@example.org", role: "partner", organizationId: "org-nowhere" }),
      400,
      "ValidationError",
      "organizationId",
    );
    await expectError(
      await invite({ email: "x@example.org", role: "admin", organizationId: ORG_A }),
      400,
      "ValidationError",
      "organizationId",
    );
    await expectError(
      await invite({ email: ACCOUNTS.partnerA, role: "partner", organizationId: ORG_A }),
      409,
      "Conflict",
      "email",
    );
    // Only an administrator, and a cookie session only with its CSRF token.
    await expectError(
      await invite({ email: "x@example.org", role: "admin" }, { cookie: admin.cookie }),
      403,
      "Forbidden",
      "CSRF",
    );
    const partner = await postLogin(server.baseUrl, ACCOUNTS.partnerA, PASSWORD);
    const partnerHeaders = {
      cookie: (partner.headers.get("set-cookie") ?? "").split(";")[0],
      "x-csrf-token": (await partner.json()).data.csrfToken as string,
    };
    await expectError(
      await invite({ email: "x@example.org", role: "admin" }, partnerHeaders),
      403,
      "Forbidden",
      "administrator",
    );
    await expectError(
      await invite({ email: "x@example.org", role: "admin" }, {}),
      401,
      "Unauthorized",
      "Sign in",
    );

    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/lookup", { token: "abc" }),
      400,
      "ValidationError",
      "token",
    );
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/lookup", {}),
      400,
      "ValidationError",
      "token",
    );
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", { token: "A".repeat(43) }),
      400,
      "ValidationError",
      "password",
    );
    await expectError(
      await post(server.baseUrl, "/api/v1/invitations/accept", {
        token: "A".repeat(43),
        password: "long enough password",
      }),
      404,
      "NotFound",
      "token",
    );
  });

  it("mails the link through the configured relay and does not return it", async () => {
    const admin = await adminOn(mailed.baseUrl);
    const before = relay.messages.length;
    const res = await post(
      mailed.baseUrl,
      "/api/v1/admin/invitations",
      { email: "mailed@example.org", role: "partner", organizationId: ORG_A, lang: "fr" },
      admin,
    );
    expect(res.status).toBe(201);
    const invited = (await res.json()).data;
    expect(invited.delivery).toBe("mail");
    expect(invited.link).toBeUndefined();
    expect(relay.messages.length).toBe(before + 1);
    const message = relay.messages[before];
    expect(message.to).toEqual(["mailed@example.org"]);
    expect(message.from).toBe("directory@example.org");
    const parsed = await simpleParser(message.raw);
    expect(parsed.subject).toMatch(/^Invitation à l’annuaire/);
    // French sets the colon apart with a no-break space, which survives the mail's encoding.
    expect(parsed.text).toContain(
      "Choisissez votre mot de passe en ouvrant ce lien (il ne sert qu’une fois)\u00a0:",
    );
    expect(parsed.text).toContain("Choose your password");
    const token = /\/partner\/welcome#([\w-]{43})/.exec(parsed.text ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    const accepted = await post(mailed.baseUrl, "/api/v1/invitations/accept", {
      token,
      password: "the password from the mail",
    });
    expect(accepted.status).toBe(201);
    expect((await postLogin(mailed.baseUrl, "mailed@example.org", "the password from the mail")).status).toBe(
      200,
    );
  }, 60_000);
});

describe("keep me signed in", () => {
  const login = (keep?: boolean) =>
    post(server.baseUrl, "/api/v1/auth/login", {
      email: ACCOUNTS.partnerA,
      password: PASSWORD,
      ...(keep === undefined ? {} : { keep }),
    });
  it("without it the cookie has no Max-Age: the browser forgets it when it closes", async () => {
    for (const keep of [undefined, false]) {
      const res = await login(keep);
      expect(res.status).toBe(200);
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-dir_session=/);
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
      const expires = Date.parse((await res.json()).data.expiresAt);
      expect(expires - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    }
  });
  it("with it the cookie and the session last 30 days", async () => {
    const res = await login(true);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie") ?? "").toMatch(/Max-Age=2592000/);
    const expires = Date.parse((await res.json()).data.expiresAt);
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });
  it("refuses a keep that is not true or false, naming it", async () => {
    await expectError(await login("yes" as never), 400, "ValidationError", "keep");
  });
});
