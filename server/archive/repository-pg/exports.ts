/** CSV export rows and daily usage counts on PostgreSQL, as ../repository-sqljs/exports.ts. */
import { captureRange } from "../../../shared/archive/query-rules.js";
import type {
  ExportFilters,
  ExportKind,
  ExportsRepository,
  UsageMetric,
  UsageRepository,
} from "../repository.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

/** Column names come from the route's fixed list; checked again so no other text reaches the SQL. */
const COLUMN_NAME = /^[a-z_]+$/;

function exportQuery(kind: ExportKind, columns: readonly string[], q: ExportFilters) {
  const where: string[] = ["t.id > ?"];
  const args: unknown[] = [];
  const ts = kind === "snapshots" ? "t.capture_timestamp" : "t.captured_at";
  const add = (sql: string, value?: unknown) => {
    where.push(sql);
    if (value !== undefined) args.push(value);
  };
  if (q.source) add("t.source_id = (SELECT id FROM sources WHERE code = ?)", q.source);
  const { fromAt, toAt } = captureRange(q);
  if (fromAt) add(`${ts} >= ?`, fromAt);
  if (toAt) add(`${ts} <= ?`, toAt);
  if (kind === "snapshots") {
    if (q.language) add("t.language = ?", q.language);
    if (!q.includeNon2xx) add("t.status_code BETWEEN 200 AND 299");
    if (!q.includeDuplicates) add("t.is_duplicate = 0");
  } else if (!q.includeNoise) add("t.high_noise = 0");
  const cols = columns.map((c) => {
    if (!COLUMN_NAME.test(c)) throw new Error(`not a column name: ${c}`);
    return c === "source_code" ? "so.code AS source_code" : `t.${c}`;
  });
  const table = kind === "snapshots" ? "snapshots" : "snapshot_changes";
  return {
    sql: `SELECT ${cols.join(", ")} FROM ${table} t LEFT JOIN sources so ON so.id = t.source_id WHERE ${where.join(" AND ")} ORDER BY t.id LIMIT ?`,
    args,
  };
}

export function pgExports(pool: Queryable, write: Write): ExportsRepository & UsageRepository {
  return {
    countRows: async (kind) =>
      (
        await one<{ n: number }>(
          pool,
          `SELECT COUNT(*) AS n FROM ${kind === "snapshots" ? "snapshots" : "snapshot_changes"}`,
        )
      )?.n ?? 0,
    exportRows: (kind, columns, f, afterId, limit) => {
      const q = exportQuery(kind, columns, f);
      return all(pool, q.sql, [afterId, ...q.args, limit]);
    },
    addUsage: async (counts) => {
      await write(async (client) => {
        for (const c of counts)
          await run(
            client,
            `INSERT INTO usage_daily (day, metric, count) VALUES (?, ?, ?)
             ON CONFLICT (day, metric) DO UPDATE SET count = usage_daily.count + excluded.count`,
            [c.day, c.metric, c.count],
          );
      });
    },
    usageBetween: (from, to) =>
      all<{ day: string; metric: UsageMetric; count: number }>(
        pool,
        `SELECT day, metric, count FROM usage_daily WHERE day BETWEEN ? AND ? ORDER BY day COLLATE "C", metric COLLATE "C"`,
        [from, to],
      ),
  };
}
