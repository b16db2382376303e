/**
 * One write transaction on the in-memory database: BEGIN, run the caller's synchronous callback
 * while recording every statement it runs, then let `persist` make the record durable before
 * COMMIT (ROLLBACK if it fails). While the record is being fsynced the event loop keeps serving;
 * reads then already see the pending transaction, which only disappears if the disk refuses it. Statements undone by a savepoint rollback are dropped from the record, so the journal
 * replays exactly what stayed.
 */
import type { Database } from "sql.js";
import { encodeParams, execStatement, type JournalStatement } from "./journal-codec.mjs";
import type { SqlParams, Tx } from "./types.js";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function rejectAsync(value: unknown): never {
  (value as Promise<unknown>).then(undefined, () => undefined);
  throw new TypeError(
    "a write callback must be synchronous: it returned a promise (do async work before write())",
  );
}

function quietly(db: Database, sql: string): void {
  try {
    db.exec(sql);
  } catch {
    // The callback may already have ended the transaction itself; nothing left to undo.
  }
}

function lastInsertRowid(db: Database): number {
  const res = db.exec("SELECT last_insert_rowid()");
  return Number(res[0]?.values[0]?.[0] ?? 0);
}

export function runTransaction<T>(
  db: Database,
  fn: (tx: Tx) => T,
  persist: (statements: JournalStatement[]) => Promise<void>,
): T | Promise<T> {
  const statements: JournalStatement[] = [];
  let active = true;
  let depth = 0;
  const live = () => {
    if (!active) throw new Error("this transaction has ended: use tx only inside its write callback");
  };
  const read = <R>(sql: string, params: SqlParams | undefined, one: boolean): R[] => {
    live();
    const stmt = db.prepare(sql);
    try {
      if (params) stmt.bind(params as never);
      const rows: R[] = [];
      while (stmt.step()) {
        rows.push(stmt.getAsObject() as R);
        if (one) break;
      }
      return rows;
    } finally {
      stmt.free();
    }
  };
  const tx: Tx = {
    all: <R>(sql: string, params?: SqlParams) => read<R>(sql, params, false),
    get: <R>(sql: string, params?: SqlParams) => read<R>(sql, params, true)[0],
    run(sql, params) {
      live();
      const encoded = encodeParams(params);
      try {
        execStatement(db, sql, params);
      } catch (err) {
        statements.push([sql, encoded, 1]);
        throw err;
      }
      statements.push([sql, encoded]);
      return { changes: db.getRowsModified(), lastInsertRowid: lastInsertRowid(db) };
    },
    savepoint<R>(inner: (tx: Tx) => R): R {
      live();
      const name = `sp${++depth}`;
      const mark = statements.length;
      db.exec(`SAVEPOINT ${name}`);
      try {
        const result = inner(tx);
        if (isThenable(result)) rejectAsync(result);
        db.exec(`RELEASE ${name}`);
        return result;
      } catch (err) {
        quietly(db, `ROLLBACK TO ${name}`);
        quietly(db, `RELEASE ${name}`);
        statements.length = mark;
        throw err;
      } finally {
        depth--;
      }
    },
  };

  db.exec("BEGIN");
  let result: T;
  try {
    result = fn(tx);
    if (isThenable(result)) rejectAsync(result);
  } catch (err) {
    active = false;
    quietly(db, "ROLLBACK");
    throw err;
  }
  active = false;
  if (statements.length === 0) {
    db.exec("COMMIT");
    return result;
  }
  // The transaction stays open (applied in memory, not committed) until its record is durable.
  return persist(statements).then(
    () => {
      db.exec("COMMIT");
      return result;
    },
    (err) => {
      quietly(db, "ROLLBACK");
      throw err;
    },
  );
}
