/**
 * Prepared statements of a store's reads, kept for reuse (preparing costs more than most
 * in-memory queries). Least recently used first, so the first entry is the one to evict.
 */
import type { Database, Statement } from "sql.js";

const STATEMENT_CACHE_SIZE = 200;

export class StatementCache {
  private statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (stmt) {
      this.statements.delete(sql);
    } else {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const [oldest, old] = this.statements.entries().next().value as [string, Statement];
        old.free();
        this.statements.delete(oldest);
      }
    }
    this.statements.set(sql, stmt);
    return stmt;
  }

  /** Frees every statement (before export() or close()). */
  clear(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }
}
