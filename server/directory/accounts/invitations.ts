/**
 * Invitations: an administrator invites a partner (or another administrator) by e-mail address; the
 * invitee opens a one-time link and sets a password, which creates the account. The link carries a
 * random 32-byte token; only its SHA-256 is stored, it works once, and it expires after 72 hours.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { ApiError, validationError } from "../../core/errors.js";
import type { InvitationsRepository, StoredInvitation } from "../repository.js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords.js";
import type { Role } from "./users.js";

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

export interface InvitationRequest {
  email: string;
  role: Role;
  organizationId: string | null;
  name: string | null;
  invitedBy: string | null;
}

/** Stores a new invitation and returns its token (to mail or show once; never stored). */
export async function createInvitation(
  repo: InvitationsRepository,
  request: InvitationRequest,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  await repo.createInvitation({
    tokenHash: sha256(token),
    ...request,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The invitation a token opens, still usable at `now`; a 404 for an unknown token, a 410 for one
 * used or expired. The stored hash is found by the token's hash and compared again in constant time.
 */
export async function openInvitation(
  repo: InvitationsRepository,
  token: string,
  now = new Date(),
): Promise<StoredInvitation> {
  const presented = sha256(token);
  const found = await repo.findInvitation(presented);
  const a = Buffer.from(presented);
  const b = Buffer.from(found?.tokenHash ?? "");
  if (!found || a.length !== b.length || !timingSafeEqual(a, b))
    throw new ApiError("NotFound", "token: this invitation link is not known; ask for a new one.");
  if (found.usedAt)
    throw new ApiError(
      "Gone",
      "token: this invitation link was used already; sign in, or ask for a new one.",
    );
  if (found.expiresAt <= now.toISOString())
    throw new ApiError("Gone", "token: this invitation link has expired; ask for a new one.");
  return found;
}

/** Creates the invited account with `password`; the link then no longer works. */
export async function acceptInvitation(
  repo: InvitationsRepository,
  token: string,
  password: string,
  now = new Date(),
): Promise<StoredInvitation> {
  const invitation = await openInvitation(repo, token, now);
  if (password.length < MIN_PASSWORD_LENGTH)
    throw validationError(`password: must be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      issues: [{ path: "password", message: `at least ${MIN_PASSWORD_LENGTH} characters` }],
    });
  const at = now.toISOString();
  const outcome = await repo.acceptInvitation(
    invitation.tokenHash,
    {
      id: randomUUID(),
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      organizationId: invitation.organizationId,
      passwordHash: await hashPassword(password),
      createdAt: at,
    },
    at,
  );
  if (outcome === "accepted") return invitation;
  if (outcome === "exists")
    throw new ApiError("Conflict", `email: an account for ${invitation.email} exists already; sign in.`);
  // Used or expired while the password was being hashed (another tab accepted it first).
  throw new ApiError(
    "Gone",
    `token: this invitation link was ${outcome === "expired" ? "expired" : "used already"}.`,
  );
}
