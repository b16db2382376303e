/**
 * A store's reads: statements from the cache, bound, stepped and reset. A read that fails because
 * the database itself cannot answer (read-failure.ts) is remembered until one succeeds, so health
 * reports it without querying; a bad query is only the caller's error.
 */
import type { Statement } from "sql.js";
import { describeError } from "./paths.js";
import { isDatabaseFailure } from "./read-failure.js";
import type { StatementCache } from "./statement-cache.js";
import type { SqlParams, StoreLogger } from "./types.js";

export class StoreReads {
  /** Why the last read failed at the database level, until one succeeds. */
  failure: string | null = null;

  constructor(
    private readonly name: string,
    private readonly statements: StatementCache,
    private readonly logger: StoreLogger,
    private readonly isClosed: () => boolean,
  ) {}

  all<T>(sql: string, params?: SqlParams): T[] {
    const stmt = this.prepare(sql);
    try {
      if (params) stmt.bind(params as never);
      const rows: T[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
      if (this.failure !== null) this.failure = null;
      return rows;
    } catch (err) {
      this.note(err);
      throw err;
    } finally {
      stmt.reset();
    }
  }

  get<T>(sql: string, params?: SqlParams): T | undefined {
    const stmt = this.prepare(sql);
    try {
      if (params) stmt.bind(params as never);
      const row = stmt.step() ? (stmt.getAsObject() as T) : undefined;
      if (this.failure !== null) this.failure = null;
      return row;
    } catch (err) {
      this.note(err);
      throw err;
    } finally {
      stmt.reset();
    }
  }

  private prepare(sql: string): Statement {
    if (this.isClosed()) throw new Error(`the ${this.name} store is closed`);
    try {
      return this.statements.prepare(sql);
    } catch (err) {
      this.note(err);
      throw err;
    }
  }

  private note(err: unknown): void {
    if (!isDatabaseFailure(err)) return;
    if (this.failure === null)
      this.logger.error({ store: this.name, err: describeError(err) }, "the database failed a read");
    this.failure = describeError(err);
  }
}
