/**
 * A module's PostgreSQL health, shaped like a sql.js store's (readable, writable, damaged) so the
 * core reports both alike. It is kept from probes (`SELECT 1`, bounded by a timeout): the plain
 * `/api/health` refreshes it at most once a second, so monitors polling it do not load the database,
 * sooner after a request saw the database fail (`suspect`), and `/api/health?details=1` probes every time.
 */
import type pg from "pg";
import type { StoreHealth } from "../types.js";

export interface PgHealthStatus {
  backend: "postgresql";
  readable: boolean;
  lastError: string | null;
  lastCheckAt: string | null;
}

export class PgHealth {
  private readable = true;
  private lastError: string | null = null;
  private lastCheckAt = 0;
  private inFlight: Promise<boolean> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly probeTimeoutMs: number,
    private readonly minIntervalMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {
    // A connection the server dropped (a restart) makes the kept verdict doubtful.
    pool.on("error", () => this.suspect());
  }

  /** Something failed on the database: the next `refresh()` probes at once instead of trusting the last one. */
  suspect(): void {
    this.lastCheckAt = 0;
  }

  health(): StoreHealth {
    return { readable: this.readable, writable: this.readable, damaged: null };
  }

  status(): PgHealthStatus {
    return {
      backend: "postgresql",
      readable: this.readable,
      lastError: this.lastError,
      lastCheckAt: this.lastCheckAt ? new Date(this.lastCheckAt).toISOString() : null,
    };
  }

  /** Probes unless a probe ran within the last second; concurrent callers share one probe. */
  refresh(): Promise<boolean> {
    if (this.now() - this.lastCheckAt < this.minIntervalMs) return Promise.resolve(this.readable);
    return this.check();
  }

  check(): Promise<boolean> {
    this.inFlight ??= this.probe().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the database did not answer in time")), this.probeTimeoutMs);
    });
    try {
      await Promise.race([this.pool.query("SELECT 1"), timeout]);
      this.readable = true;
      this.lastError = null;
    } catch (err) {
      this.readable = false;
      // pg's messages name the host and port at most, never the password.
      this.lastError =
        err instanceof Error ? err.message || String((err as { code?: string }).code) : String(err);
    } finally {
      clearTimeout(timer);
      this.lastCheckAt = this.now();
    }
    return this.readable;
  }
}
