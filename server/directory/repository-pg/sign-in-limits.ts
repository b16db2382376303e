/**
 * Sign-in failure limits on PostgreSQL, shared by every process: the attempts within the window
 * are rows of `sign_in_attempts`. Reserving locks each key (an advisory lock until COMMIT), reads
 * the counts and adds the attempt in one transaction, so attempts sent in parallel to several
 * processes cannot outrun a limit. These rows are not directory data: they do not move the data version.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Attempt, Reservation } from "../../core/failure-window.js";
import { inTransaction } from "../../db/pg/pool.js";
import type { SignInLimitsRepository } from "../repository.js";

export function pgSignInLimits(pool: pg.Pool, now: () => number = Date.now): SignInLimitsRepository {
  let lastSweep = 0;
  return {
    reserveSignIn: (limits, windowMs) =>
      inTransaction(pool, async (client): Promise<Reservation> => {
        const t = now();
        const keys = [...new Set(limits.map((l) => l.key))].sort();
        // In key order, so two transactions wanting the same keys never wait on each other in a cycle.
        for (const key of keys)
          await client.query("SELECT pg_advisory_xact_lock(hashtext('chc-sign-in'), hashtext($1))", [key]);
        // Attempts that left the window: of these keys now, of every key once per window.
        const sweepAll = t - lastSweep >= windowMs;
        await client.query(
          sweepAll
            ? "DELETE FROM sign_in_attempts WHERE at_ms <= $1"
            : "DELETE FROM sign_in_attempts WHERE at_ms <= $1 AND key = ANY($2)",
          sweepAll ? [t - windowMs] : [t - windowMs, keys],
        );
        if (sweepAll) lastSweep = t;
        let waitMs = 0;
        for (const { key, max } of limits) {
          // The max-th newest attempt: once it leaves the window the count is below the limit again.
          const { rows } = await client.query<{ at_ms: number }>(
            "SELECT at_ms FROM sign_in_attempts WHERE key = $1 ORDER BY at_ms DESC OFFSET $2 LIMIT 1",
            [key, max - 1],
          );
          if (rows.length) waitMs = Math.max(waitMs, rows[0].at_ms + windowMs - t);
        }
        if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
        const attempt: Attempt = { at: t, keys: limits.map((l) => l.key), id: randomUUID() };
        for (const key of attempt.keys)
          await client.query("INSERT INTO sign_in_attempts (attempt_id, key, at_ms) VALUES ($1, $2, $3)", [
            attempt.id,
            key,
            t,
          ]);
        return { allowed: true, attempt };
      }),
    async forgiveSignIn(attempt) {
      if (attempt.id) await pool.query("DELETE FROM sign_in_attempts WHERE attempt_id = $1", [attempt.id]);
    },
    async clearSignIns(key) {
      await pool.query("DELETE FROM sign_in_attempts WHERE key = $1", [key]);
    },
  };
}
