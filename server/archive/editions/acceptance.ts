/**
 * Acceptance of an edition's shards and the edition's status (rules stated in docs/archive.md,
 * "Annual editions"). A shard's coverage is the share of its ledger URLs captured (duplicates of
 * an earlier capture count: the page is archived).
 * - An operator's accept or exclude stands until the shard is re-queued.
 * - pending: its job has not finished (queued, running, retryable, completed or indexing).
 * - excluded: every URL answered 404, 410 or 451: the section has left the site.
 * - accepted: coverage at or above ACCEPT_COVERAGE.
 * - accepted_gap: below it, but every missing URL is explained by an exclusion (robots.txt at
 *   crawl time) or a permanent failure (404, 410, 451).
 * - needs_review: any other shortfall (server errors, failed fetches, a failed crawl or index).
 * Legacy salvage jobs (and older jobs whose key is not in the ledger) add captures; they are
 * accepted once indexed.
 */
import type { JobRow } from "../jobs/jobs-store.js";
import type { DecisionRow } from "../repository.js";
import { FINAL_JOB_STATUSES, type ManifestLine } from "./manifest.js";

export const ACCEPT_COVERAGE = 0.95;
export type AcceptanceState = "pending" | "needs_review" | "accepted" | "accepted_gap" | "excluded";

export interface Judgement {
  state: AcceptanceState;
  reason: string | null;
}

const percent = (n: number, of: number) => `${Math.floor((n / Math.max(of, 1)) * 1000) / 10}%`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 answered HTTP 503, 1 fetch failed": failures grouped by cause, most frequent first. */
function causes(lines: ManifestLine[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) {
    const cause =
      l.outcome === "out_of_scope"
        ? `excluded by ${l.rule ?? "a rule"}`
        : l.status !== undefined
          ? `answered HTTP ${l.status}`
          : l.reason?.startsWith("not fetched")
            ? "not reached before the crawl ended"
            : "fetch failed";
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([cause, n]) => `${n} ${cause}`)
    .join(", ");
}

function fromDecision(d: DecisionRow | undefined): Judgement | null {
  if (!d || d.action === "requeue") return null;
  return {
    state: d.to_state as AcceptanceState,
    // Who decided is in the decision record, for the operator's tools; the reason is public.
    reason: `${d.action === "accept" ? "accepted" : "excluded"} by an operator on ${d.decided_at.slice(0, 10)}: ${d.reason}`,
  };
}

const indexError = (job: JobRow) =>
  String(JSON.parse(job.last_stats_json ?? "{}").index_error ?? "no reason recorded");

export function judgeShard(job: JobRow, lines: ManifestLine[], decision?: DecisionRow): Judgement {
  const decided = fromDecision(decision);
  if (decided) return decided;
  if (!FINAL_JOB_STATUSES.has(job.status)) return { state: "pending", reason: null };
  if (job.status === "index_failed")
    return {
      state: "needs_review",
      reason: `its captures could not be indexed (${indexError(job)}); run archive retry-job ${job.id}`,
    };
  const n = lines.length;
  const covered = lines.filter((l) => l.outcome === "captured" || l.outcome === "duplicate").length;
  const missing = lines.filter((l) => l.outcome !== "captured" && l.outcome !== "duplicate");
  const gone = missing.filter((l) => l.outcome === "failed" && l.permanent);
  if (n > 0 && gone.length === n)
    return {
      state: "excluded",
      reason: `all ${plural(n, "URL")} answered 404, 410 or 451: the section has left the site`,
    };
  const share = `${covered} of ${plural(n, "URL")} captured (${percent(covered, n)})`;
  if (covered >= ACCEPT_COVERAGE * n) return { state: "accepted", reason: share };
  const unexplained = missing.filter(
    (l) => !(l.outcome === "out_of_scope" || (l.outcome === "failed" && l.permanent)),
  );
  if (!unexplained.length)
    return { state: "accepted_gap", reason: `${share}; every missing URL is explained: ${causes(missing)}` };
  const crawl =
    job.status === "failed"
      ? `; the crawl failed (${JSON.parse(job.last_stats_json ?? "{}").reason ?? job.crawler_stage ?? "no reason recorded"})`
      : "";
  return {
    state: "needs_review",
    reason: `${share}; ${plural(unexplained.length, "URL")} missing without explanation: ${causes(unexplained)}${crawl}`,
  };
}

/** A legacy salvage job, or an older job whose key is not in the ledger. */
export function judgeExtraJob(job: JobRow, decision?: DecisionRow): Judgement {
  const decided = fromDecision(decision);
  if (decided) return decided;
  if (job.status === "indexed")
    return {
      state: "accepted",
      reason: `${plural(job.indexed_page_count, "page")} indexed from its WARC files`,
    };
  if (job.status === "index_failed" || job.status === "failed")
    return { state: "needs_review", reason: `its WARC files could not be indexed (${indexError(job)})` };
  return { state: "pending", reason: null };
}

export interface EditionVerdict {
  status: "planned" | "in_progress" | "search_ready" | "research_ready" | "needs_review";
  searchReady: boolean;
  researchReady: boolean;
}

/**
 * needs_review when any shard needs review; research_ready when the edition was planned, every
 * shard not excluded is indexed and every shard accepted (with or without a gap) or excluded;
 * search_ready when they are all indexed (imported files alone included); in_progress once any job has started; planned before.
 */
export function editionVerdict(
  hasLedger: boolean,
  shards: { job: JobRow; judgement: Judgement }[],
): EditionVerdict {
  const kept = shards.filter((s) => s.judgement.state !== "excluded");
  // An edition made only of imported WARC files (no plan yet) is searchable once they are indexed;
  // research-ready also says its coverage was judged against the year's intended URLs, which only
  // a plan (the ledger) lists.
  const searchReady = kept.length > 0 && kept.every((s) => s.job.status === "indexed");
  const researchReady =
    hasLedger &&
    searchReady &&
    shards.every((s) => ["accepted", "accepted_gap", "excluded"].includes(s.judgement.state));
  const status = shards.some((s) => s.judgement.state === "needs_review")
    ? "needs_review"
    : researchReady
      ? "research_ready"
      : searchReady
        ? "search_ready"
        : shards.some((s) => s.job.status !== "queued" || s.judgement.state === "excluded")
          ? "in_progress"
          : "planned";
  return { status, searchReady, researchReady };
}
