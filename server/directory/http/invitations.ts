/**
 * Invitations over HTTP: an administrator invites someone (POST /api/v1/admin/invitations: mailed
 * when a relay is configured, else the link is returned to copy), lists the invitations still open
 * and withdraws one (POST /api/v1/admin/invitations/withdraw), and lists the organizations a
 * partner can belong to; the invitee looks the link up and sets a password
 * (POST /api/v1/invitations/lookup and /accept). The token travels in request bodies, never in a
 * path or query, so no access log holds it.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ApiError } from "../../core/errors.js";
import { noStore } from "../../core/http/no-store.js";
import type { PublicOrigin } from "../../core/http/public-origin.js";
import type { AppRouter } from "../../core/module.js";
import { requireAdmin } from "../accounts/authenticate.js";
import type { InvitationMailer } from "../accounts/invitation-mail.js";
import { acceptInvitation, createInvitation, openInvitation } from "../accounts/invitations.js";
import type { Catalogue } from "../catalogue.js";
import { NO_CREDENTIALS, SIGNED_IN_READ, SIGNED_IN_WRITE } from "../openapi-security.js";
import type { DirectoryRepository } from "../repository.js";
import { ErrorSchema } from "../schemas.js";

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});
const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

const Token = z.string().regex(/^[\w-]{43}$/, "the token from the invitation link (43 characters)");
const InvitationView = z.object({
  email: z.string(),
  role: z.enum(["admin", "partner"]),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  expiresAt: z.string(),
});

const inviteRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/invitations",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "Invite a partner or administrator (admin): a one-time link to set a password, valid 72 hours",
  description:
    "With a mail relay configured (ALERT_SMTP_URL and ALERT_MAIL_FROM) the link is e-mailed to the invitee and not returned (delivery mail); otherwise, or when the relay fails, it is returned once to copy (delivery link, with mailError saying why).",
  request: body(
    z
      .object({
        email: z.email().max(254),
        role: z.enum(["admin", "partner"]),
        organizationId: z.string().min(1).max(200).optional(),
        name: z.string().trim().min(1).max(120).optional(),
        lang: z.enum(["en", "fr"]).optional().openapi({ description: "The mail's first language" }),
      })
      .strict(),
  ),
  responses: {
    201: json(
      "Invited",
      z.object({
        data: InvitationView.extend({
          delivery: z.enum(["mail", "link"]),
          link: z.string().optional(),
          mailError: z.string().optional(),
        }),
      }),
    ),
    400: err("Bad body: the parameter is named (an unknown organizationId, a partner without one)"),
    401: err("Not signed in"),
    403: err("Not an admin, or CSRF token missing"),
    409: err("An account with this email exists already"),
  },
});

const OpenInvitation = InvitationView.extend({
  invitedBy: z.string().nullable().openapi({ description: "The administrator who sent it" }),
  createdAt: z.string(),
});

const openListRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/invitations",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "The invitations still open (admin): neither used nor expired, newest first",
  description: "At most one per address: a new invitation to an address ends its earlier ones.",
  responses: {
    200: json("Open invitations", z.object({ data: z.array(OpenInvitation) })),
    401: err("Not signed in"),
    403: err("Not an admin"),
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/invitations/withdraw",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "Withdraw the open invitation of an address (admin): its link stops working at once",
  request: body(z.object({ email: z.email().max(254) }).strict()),
  responses: {
    200: json("Withdrawn", z.object({ data: z.object({ email: z.string() }) })),
    400: err("email is missing or not an address"),
    401: err("Not signed in"),
    403: err("Not an admin, or CSRF token missing"),
    404: err("No open invitation for this address (used, expired or withdrawn already)"),
  },
});

const organizationsRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/organizations",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "The organizations a partner can be invited for (admin), by name",
  responses: {
    200: json("Organizations", z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) })),
    401: err("Not signed in"),
    403: err("Not an admin"),
  },
});

const lookupRoute = createRoute({
  method: "post",
  path: "/api/v1/invitations/lookup",
  security: NO_CREDENTIALS,
  tags: ["directory auth"],
  summary: "Who an invitation link is for, while it can still be used",
  request: body(z.object({ token: Token }).strict()),
  responses: {
    200: json("The invitation", z.object({ data: InvitationView })),
    400: err("token is missing or malformed"),
    404: err("Unknown link"),
    410: err("The link was used already or has expired"),
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/api/v1/invitations/accept",
  security: NO_CREDENTIALS,
  tags: ["directory auth"],
  summary: "Set a password with an invitation link: creates the account; the link then stops working",
  request: body(z.object({ token: Token, password: z.string().min(1).max(1024) }).strict()),
  responses: {
    201: json("Account created", z.object({ data: InvitationView })),
    400: err("token malformed, or password too short"),
    404: err("Unknown link"),
    409: err("An account with this email exists already"),
    410: err("The link was used already or has expired"),
  },
});

export interface InvitationSettings {
  /**
   * Where people reach the app, for the link: APP_PUBLIC_URL behind a proxy; unset, the address
   * the administrator used (only an administrator can ask, so only they could bend it).
   */
  origin: PublicOrigin;
  /** null when no mail relay is configured. */
  mailer: InvitationMailer | null;
}

export function mountInvitationRoutes(
  app: AppRouter,
  repo: DirectoryRepository,
  catalogue: Catalogue,
  settings: InvitationSettings,
): void {
  const organizationName = (id: string | null) =>
    id ? (catalogue.services().find((s) => s.organizationId === id)?.organizationName ?? null) : null;
  const view = (i: {
    email: string;
    role: "admin" | "partner";
    organizationId: string | null;
    expiresAt: string;
  }) => ({
    email: i.email,
    role: i.role,
    organizationId: i.organizationId,
    organizationName: organizationName(i.organizationId),
    expiresAt: i.expiresAt,
  });

  app.openapi(noStore(organizationsRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const byId = new Map<string, string>();
    for (const s of catalogue.services()) byId.set(s.organizationId, s.organizationName);
    const data = [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    return c.json({ data }, 200);
  });

  app.openapi(noStore(inviteRoute), async (c) => {
    const session = await requireAdmin(c, repo, { write: true });
    const input = c.req.valid("json");
    const email = input.email.trim().toLowerCase();
    const organizationId = input.organizationId ?? null;
    if (input.role === "partner" && !organizationId)
      throw new ApiError(
        "ValidationError",
        "organizationId: a partner belongs to one organization; name it.",
      );
    if (input.role === "admin" && organizationId)
      throw new ApiError("ValidationError", "organizationId: an administrator belongs to no organization.");
    if (organizationId && !organizationName(organizationId))
      throw new ApiError(
        "ValidationError",
        `organizationId: no organization "${organizationId}" in the directory.`,
      );
    if (await repo.findUserByEmail(email))
      throw new ApiError("Conflict", `email: an account for ${email} exists already.`);
    const { token, expiresAt } = await createInvitation(repo, {
      email,
      role: input.role,
      organizationId,
      name: input.name ?? null,
      invitedBy: session.user.email,
    });
    const link = `${settings.origin.origin(c)}/partner/welcome#${token}`;
    const shown = view({ email, role: input.role, organizationId, expiresAt });
    let mailError: string | undefined;
    if (settings.mailer) {
      try {
        await settings.mailer.send({
          to: email,
          link,
          role: input.role,
          organizationName: shown.organizationName,
          expiresAt,
          lang: input.lang ?? "en",
        });
        return c.json({ data: { ...shown, delivery: "mail" as const } }, 201);
      } catch {
        // The relay's own words may name its address; say only what to do.
        mailError = "the mail relay refused the message or did not answer; copy the link instead";
      }
    }
    return c.json({ data: { ...shown, delivery: "link" as const, link, mailError } }, 201);
  });

  app.openapi(noStore(openListRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const open = await repo.openInvitations(new Date().toISOString());
    return c.json(
      { data: open.map((i) => ({ ...view(i), invitedBy: i.invitedBy, createdAt: i.createdAt })) },
      200,
    );
  });

  app.openapi(noStore(withdrawRoute), async (c) => {
    await requireAdmin(c, repo, { write: true });
    const email = c.req.valid("json").email.trim().toLowerCase();
    if (!(await repo.withdrawInvitation(email, new Date().toISOString())))
      throw new ApiError(
        "NotFound",
        `email: no open invitation for ${email}; it was used, has expired or was withdrawn.`,
      );
    return c.json({ data: { email } }, 200);
  });

  app.openapi(noStore(lookupRoute), async (c) => {
    const invitation = await openInvitation(repo, c.req.valid("json").token);
    return c.json({ data: view(invitation) }, 200);
  });

  app.openapi(noStore(acceptRoute), async (c) => {
    const { token, password } = c.req.valid("json");
    const invitation = await acceptInvitation(repo, token, password);
    return c.json({ data: view(invitation) }, 201);
  });
}
