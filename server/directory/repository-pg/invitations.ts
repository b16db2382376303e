/** Invitations on PostgreSQL (the same statements as repository-sqljs/invitations.ts). */
import type pg from "pg";
import type { InvitationsRepository } from "../repository.js";
import { type InvitationRow, toInvitation } from "../repository-sqljs/invitations.js";
import { all, one, writeIn } from "./queries.js";

/** Ends an address's open invitations at $1 (superseded by a new one, or withdrawn). */
const END_OPEN_INVITATIONS =
  "UPDATE invitations SET expires_at = $1 WHERE email = $2 AND used_at IS NULL AND expires_at > $1";

export function pgInvitations(pool: pg.Pool): InvitationsRepository {
  const write = writeIn(pool);
  return {
    createInvitation: (i) =>
      write(async (client) => {
        await client.query(END_OPEN_INVITATIONS, [i.createdAt, i.email]);
        await client.query(
          `INSERT INTO invitations (token_hash, email, name, role, organization_id, invited_by, created_at, expires_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
          [i.tokenHash, i.email, i.name, i.role, i.organizationId, i.invitedBy, i.createdAt, i.expiresAt],
        );
      }),
    async findInvitation(tokenHash) {
      const row = await one<InvitationRow>(pool, "SELECT * FROM invitations WHERE token_hash = $1", [
        tokenHash,
      ]);
      return row ? toInvitation(row) : undefined;
    },
    // The row lock makes two accepts of one link wait for each other: the second sees it used.
    acceptInvitation: (tokenHash, u, at) =>
      write(async (client) => {
        const row = await one<InvitationRow>(
          client,
          "SELECT * FROM invitations WHERE token_hash = $1 FOR UPDATE",
          [tokenHash],
        );
        if (!row || row.email !== u.email) return "unknown";
        if (row.used_at) return "used";
        if (row.expires_at <= at) return "expired";
        const { rowCount } = await client.query(
          `INSERT INTO users (id, email, name, role, organization_id, password_hash, disabled, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,0,$7,$7) ON CONFLICT (email) DO NOTHING`,
          [u.id, u.email, u.name, u.role, u.organizationId, u.passwordHash, u.createdAt],
        );
        if (rowCount !== 1) return "exists";
        await client.query("UPDATE invitations SET used_at = $1 WHERE token_hash = $2", [at, tokenHash]);
        return "accepted";
      }),
    openInvitations: async (at) =>
      (
        await all<InvitationRow>(
          pool,
          "SELECT * FROM invitations WHERE used_at IS NULL AND expires_at > $1 ORDER BY created_at DESC, email",
          [at],
        )
      ).map(toInvitation),
    withdrawInvitation: (email, at) =>
      write(async (client) => ((await client.query(END_OPEN_INVITATIONS, [at, email])).rowCount ?? 0) > 0),
  };
}
