import { describe, expect, it } from "vitest";
import { keptCopyRows } from "../../bench/postgres-cluster.js";

describe("the PostgreSQL bench's kept cluster", () => {
  const row = {
    name: "copy-to-postgres archive",
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    rps: 127,
  };

  it("marks copy times measured by an earlier run as kept, with their date and commit", () => {
    const [kept] = keptCopyRows({
      notes: [],
      copy: [{ ...row, extra: "790.0 s for 1 rows" }],
      measuredAt: "2026-11-20T04:00:00.000Z",
      commit: "567c647",
    });
    expect(kept.name).toBe("copy-to-postgres archive (kept)");
    expect(kept.extra).toBe(
      "790.0 s for 1 rows; kept from the run that made the cluster, measured 2026-11-20 at commit 567c647, not measured in this run",
    );
    expect(kept.rps).toBe(127);
  });

  it("says so when a kept folder predates the date and commit being recorded", () => {
    const [kept] = keptCopyRows({ notes: [], copy: [row] });
    expect(kept.name).toMatch(/\(kept\)$/);
    expect(kept.extra).toContain("measured by an earlier run (date and commit not recorded)");
  });
});
