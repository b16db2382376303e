/**
 * Aggregate usage counts per day (table usage_daily): searches, snapshot views, replays and
 * exports. Counted in memory and added to the table every 30 s and at shutdown, so a request
 * never waits on a write. Nothing about the person or the query is kept.
 */
import type { ArchiveRepository, UsageMetric } from "../repository.js";

export type { UsageMetric } from "../repository.js";

export class UsageCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly repo: ArchiveRepository) {}

  count(metric: UsageMetric, at = new Date()) {
    const key = `${at.toISOString().slice(0, 10)}|${metric}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  start(intervalMs = 30_000) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending.clear();
    await this.repo.addUsage(
      batch.map(([key, count]) => {
        const [day, metric] = key.split("|");
        return { day, metric: metric as UsageMetric, count };
      }),
    );
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Stored counts plus what is still in memory, per day over [from, to]. */
  async daily(
    from: string,
    to: string,
  ): Promise<{ date: string; searches: number; snapshotViews: number; replays: number; exports: number }[]> {
    const totals = new Map<string, Record<UsageMetric, number>>();
    const add = (day: string, metric: UsageMetric, n: number) => {
      if (day < from || day > to) return;
      const row = totals.get(day) ?? { searches: 0, snapshot_views: 0, replays: 0, exports: 0 };
      row[metric] += n;
      totals.set(day, row);
    };
    for (const r of await this.repo.usageBetween(from, to)) add(r.day, r.metric, r.count);
    for (const [key, n] of this.pending) {
      const [day, metric] = key.split("|");
      add(day, metric as UsageMetric, n);
    }
    const out = [];
    for (
      let d = new Date(`${from}T00:00:00Z`);
      d.toISOString().slice(0, 10) <= to;
      d.setUTCDate(d.getUTCDate() + 1)
    ) {
      const day = d.toISOString().slice(0, 10);
      const r = totals.get(day) ?? { searches: 0, snapshot_views: 0, replays: 0, exports: 0 };
      out.push({
        date: day,
        searches: r.searches,
        snapshotViews: r.snapshot_views,
        replays: r.replays,
        exports: r.exports,
      });
    }
    return out;
  }
}
