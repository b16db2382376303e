/**
 * Sessions issued while the sql.js store refuses writes (a damaged journal, a full disk, the
 * writer lock held by another process): kept in this process's memory, since the one sql.js
 * process serves every request, so that signing in and reading keep working until the store is
 * writable again. A held session ends when it is revoked or expires, when its account's sessions
 * are revoked, or when the process stops (its holder then signs in again).
 */
import type { NewSession, StoredSession } from "../repository.js";

export class HeldSessions {
  private readonly sessions = new Map<string, StoredSession>();

  hold(s: NewSession): void {
    this.dropExpired(s.createdAt);
    this.sessions.set(s.tokenHash, {
      tokenHash: s.tokenHash,
      userId: s.userId,
      kind: s.kind,
      csrfHash: s.csrfHash,
      expiresAt: s.expiresAt,
      revokedAt: null,
    });
  }

  find(tokenHash: string): StoredSession | undefined {
    return this.sessions.get(tokenHash);
  }

  /** Ends a held session; false when it was not one. */
  revoke(tokenHash: string): boolean {
    return this.sessions.delete(tokenHash);
  }

  /** Ends every held session of an account (disabled, or its password changed). */
  revokeUser(userId: string): void {
    for (const [tokenHash, s] of this.sessions) if (s.userId === userId) this.sessions.delete(tokenHash);
  }

  private dropExpired(now: string): void {
    for (const [tokenHash, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(tokenHash);
  }
}
