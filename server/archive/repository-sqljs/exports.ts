/** CSV export rows and daily usage counts on sql.js. */
import { captureRange } from "../../../shared/archive/query-rules.js";
import type { Reader, SqlValue, Tx } from "../../db/types.js";
import type { ExportFilters, ExportKind, UsageMetric } from "../repository.js";

/** Column names come from the route's fixed list; checked again so no other text reaches the SQL. */
const COLUMN_NAME = /^[a-z_]+$/;

function exportQuery(kind: ExportKind, columns: readonly string[], q: ExportFilters) {
  const where: string[] = ["t.id > ?"];
  const args: SqlValue[] = [];
  const ts = kind === "snapshots" ? "t.capture_timestamp" : "t.captured_at";
  if (q.source) {
    where.push("t.source_id = (SELECT id FROM sources WHERE code = ?)");
    args.push(q.source);
  }
  const { fromAt, toAt } = captureRange(q);
  if (fromAt) {
    where.push(`${ts} >= ?`);
    args.push(fromAt);
  }
  if (toAt) {
    where.push(`${ts} <= ?`);
    args.push(toAt);
  }
  if (kind === "snapshots") {
    if (q.language) {
      where.push("t.language = ?");
      args.push(q.language);
    }
    if (!q.includeNon2xx) where.push("t.status_code BETWEEN 200 AND 299");
    if (!q.includeDuplicates) where.push("t.is_duplicate = 0");
  } else if (!q.includeNoise) where.push("t.high_noise = 0");
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

export function exportRows(
  db: Reader,
  kind: ExportKind,
  columns: readonly string[],
  f: ExportFilters,
  afterId: number,
  limit: number,
) {
  const q = exportQuery(kind, columns, f);
  return db.all<Record<string, string | number | null>>(q.sql, [afterId, ...q.args, limit]);
}

export const countExportRows = (db: Reader, kind: ExportKind) =>
  db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${kind === "snapshots" ? "snapshots" : "snapshot_changes"}`,
  )?.n ?? 0;

export function addUsage(tx: Tx, counts: readonly { day: string; metric: UsageMetric; count: number }[]) {
  for (const c of counts)
    tx.run(
      "INSERT INTO usage_daily (day, metric, count) VALUES (?, ?, ?) ON CONFLICT (day, metric) DO UPDATE SET count = count + excluded.count",
      [c.day, c.metric, c.count],
    );
}

export const usageBetween = (db: Reader, from: string, to: string) =>
  db.all<{ day: string; metric: UsageMetric; count: number }>(
    "SELECT day, metric, count FROM usage_daily WHERE day BETWEEN ? AND ?",
    [from, to],
  );
