import { searchSnapshotsPg } from "../server/archive/repository-pg/search.js";
import { createPgPool } from "../server/db/pg/pool.js";

const pool = createPgPool({ url: process.env.DATABASE_URL!, schema: "archive", size: 2 });
const qs = process.argv.slice(2);
for (const q of qs) {
  const p = {
    q,
    view: "pages" as const,
    sort: "relevance" as const,
    page: 1,
    pageSize: 20,
    includeNon2xx: false,
    includeDuplicates: false,
  };
  let t = performance.now();
  const a = await searchSnapshotsPg(pool, p, { exactTotalUpTo: 1e12 });
  const ta = performance.now() - t;
  t = performance.now();
  const b = await searchSnapshotsPg(pool, p);
  const tb = performance.now() - t;
  const same = JSON.stringify(a.hits.map((h) => h.id)) === JSON.stringify(b.hits.map((h) => h.id));
  console.log(
    q,
    "| exact",
    a.total,
    ta.toFixed(0),
    "ms | default",
    b.total,
    b.totalEstimated,
    tb.toFixed(0),
    "ms | same hits",
    same,
    a.mode,
  );
}
await pool.end();
