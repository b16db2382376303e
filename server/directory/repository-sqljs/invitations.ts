/** Invitations on sql.js (see accounts/invitations.ts): token hashes only, each used once. */
import type { Store } from "../../db/types.js";
import type { InvitationsRepository, StoredInvitation } from "../repository.js";

export interface InvitationRow {
  token_hash: string;
  email: string;
  name: string | null;
  role: "admin" | "partner";
  organization_id: string | null;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export const toInvitation = (r: InvitationRow): StoredInvitation => ({
  tokenHash: r.token_hash,
  email: r.email,
  name: r.name,
  role: r.role,
  organizationId: r.organization_id,
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

/** Ends an address's open invitations at a time (superseded by a new one, or withdrawn). */
const END_OPEN_INVITATIONS =
  "UPDATE invitations SET expires_at = ? WHERE email = ? AND used_at IS NULL AND expires_at > ?";

export function sqljsInvitations(store: Store): InvitationsRepository {
  return {
    // A new invitation replaces the address's earlier ones still open: a link sent with the wrong
    // role or organization must not stay usable beside the corrected one.
    createInvitation: (i) =>
      store.write((tx) => {
        tx.run(END_OPEN_INVITATIONS, [i.createdAt, i.email, i.createdAt]);
        tx.run(
          "INSERT INTO invitations (token_hash, email, name, role, organization_id, invited_by, created_at, expires_at) VALUES (?,?,?,?,?,?,?,?)",
          [i.tokenHash, i.email, i.name, i.role, i.organizationId, i.invitedBy, i.createdAt, i.expiresAt],
        );
      }),
    async findInvitation(tokenHash) {
      const row = store.get<InvitationRow>("SELECT * FROM invitations WHERE token_hash = ?", [tokenHash]);
      return row ? toInvitation(row) : undefined;
    },
    acceptInvitation: (tokenHash, u, at) =>
      store.write((tx) => {
        const row = tx.get<InvitationRow>("SELECT * FROM invitations WHERE token_hash = ?", [tokenHash]);
        if (!row || row.email !== u.email) return "unknown";
        if (row.used_at) return "used";
        if (row.expires_at <= at) return "expired";
        if (tx.get("SELECT 1 FROM users WHERE email = ?", [u.email])) return "exists";
        tx.run(
          "INSERT INTO users (id, email, name, role, organization_id, password_hash, disabled, created_at, updated_at) VALUES (?,?,?,?,?,?,0,?,?)",
          [u.id, u.email, u.name, u.role, u.organizationId, u.passwordHash, u.createdAt, u.createdAt],
        );
        tx.run("UPDATE invitations SET used_at = ? WHERE token_hash = ?", [at, tokenHash]);
        return "accepted";
      }),
    openInvitations: async (at) =>
      store
        .all<InvitationRow>(
          "SELECT * FROM invitations WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC, email",
          [at],
        )
        .map(toInvitation),
    withdrawInvitation: (email, at) =>
      store.write((tx) => tx.run(END_OPEN_INVITATIONS, [at, email, at]).changes > 0),
  };
}
