/**
 * Issue #16 §1: a full annual edition of the bundled demo site, from the target ledger to the
 * capture manifest and the shards' acceptance, on the real server, store, crawler and indexer.
 * Last year's edition is a legacy salvage import of the site's first version; this year the site
 * has its second version (two topics gone), its French news section answers 503, its sitemap also
 * lists a robots-excluded and an off-site address, and one more salvage import joins the edition.
 * Then an operator accepts, excludes and re-queues shards from the CLI, and a bad import writes
 * nothing.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerArchiveCli } from "../../server/archive/cli/jobs.js";
import { runCrawl } from "../../server/archive/crawl/crawler.js";
import { renderDemoSite } from "../../server/archive/crawl/demo-site/render.js";
import { type SiteServer, serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { getSourceByCode, setSourceBaseUrl } from "../../server/archive/crawl/sources-store.js";
import { importWarc } from "../../server/archive/editions/import-warc.js";
import type { LedgerLine } from "../../server/archive/editions/ledger.js";
import type { ManifestLine } from "../../server/archive/editions/manifest.js";
import { planEdition, SHARD_URL_ATTEMPTS } from "../../server/archive/editions/plan.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { drainJobs } from "../../server/archive/jobs/worker-loop.js";
import type { ModuleContext } from "../../server/core/module.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const YEAR = 2026;
const MAX = 20;
let server: TestServer;
let ctx: ModuleContext;
let site: SiteServer;
let savedDataDir: string | undefined;
const scratch = tmpDir("chc-editions-");
const now = () => new Date().toISOString();
const lines = <T>(file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const htmlPaths = (v: 1 | 2) =>
  [...renderDemoSite(v)]
    .filter(([p, f]) => f.type.startsWith("text/html") && p !== "/private/")
    .map(([p]) => p);

/** WARC files of a crawl by "another system": the real crawler writing into a folder of its own. */
async function crawlToWarcs(name: string, seeds: string[], followLinks: boolean): Promise<string[]> {
  const dir = path.join(scratch, name);
  const parsed = parseJobConfig({
    seeds: seeds.map((s) => `${site.url}${s}`),
    scope: { allow_private: true, delay_ms: 0, follow_links: followLinks },
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const r = await runCrawl({ jobDir: dir, warcPrefix: name, config: parsed.config });
  expect(r.status).toBe("success");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".warc.gz"))
    .map((f) => path.join(dir, f));
}

async function cli(...args: string[]): Promise<{ out: string; err: string; failed: boolean }> {
  const program = new Command("chc").exitOverride();
  registerArchiveCli(program, async () => ctx);
  const out: string[] = [];
  const err: string[] = [];
  const { write: stdout } = process.stdout;
  const { write: stderr } = process.stderr;
  process.stdout.write = ((s: string) => out.push(String(s)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => err.push(String(s)) > 0) as typeof process.stderr.write;
  try {
    await program.parseAsync(["node", "chc", "archive", ...args]);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
  const failed = process.exitCode === 1;
  process.exitCode = undefined;
  return { out: out.join(""), err: err.join(""), failed };
}

/** `archive shard <action>` on this year's demo edition. */
const decide = (action: string, shard: string, reason: string, by: string) =>
  cli(
    "shard",
    action,
    "--source",
    "demo",
    "--year",
    String(YEAR),
    "--shard",
    shard,
    "--reason",
    reason,
    "--by",
    by,
  );
const api = async (p: string) => (await fetch(`${server.baseUrl}${p}`)).json();
const edition = () =>
  ctx.store.get<Record<string, number | string>>("SELECT * FROM annual_editions WHERE year = ?", [YEAR])!;
const shards = () =>
  ctx.store.all<{
    id: number;
    shard_key: string;
    shard_kind: string;
    status: string;
    acceptance_state: string;
    acceptance_reason: string | null;
  }>("SELECT * FROM archive_jobs WHERE edition_id = ? AND superseded_by IS NULL ORDER BY id", [edition().id]);

beforeAll(async () => {
  server = await startTestServer({
    modules: [createArchiveModule()],
    env: { ARCHIVE_SHARD_MAX_URLS: String(MAX), ARCHIVE_DEMO_CRAWL: "0" },
  });
  ctx = server.contexts.get("archive")!;
  savedDataDir = process.env.DATA_DIR;
  process.env.DATA_DIR = server.dataDir; // for the CLI's read-only commands
  site = await serveSite(renderDemoSite(1));
  await setSourceBaseUrl(ctx.store, "demo", `${site.url}/`, now());
  // Last year: an older system's full crawl of version 1, salvaged into last year's edition.
  const lastYear = await crawlToWarcs("v1-full", ["/en/", "/fr/"], true);
  await importWarc(ctx.store, server.dataDir, { source: "demo", year: YEAR - 1, files: lastYear }, now(), 3);
  // This year: version 2, a broken French news section, a sitemap with two addresses to leave out.
  const v2 = renderDemoSite(2);
  v2.set("/fr/news/", { ...v2.get("/fr/news/")!, status: 503 });
  // A page that answers 500 once, then recovers: the shard job's retry budget captures it.
  v2.set("/fr/topics/influenza/", { ...v2.get("/fr/topics/influenza/")!, firstAnswers: [500] });
  const sitemap = v2.get("/sitemap.xml")!;
  v2.set("/sitemap.xml", {
    ...sitemap,
    body: sitemap.body.replace(
      "</urlset>",
      "<url><loc>{{origin}}/private/</loc></url><url><loc>https://www.canada.ca/fr.html</loc></url></urlset>",
    ),
  });
  site.setFiles(v2);
  const salvage = await crawlToWarcs("v2-news", ["/en/news/", "/en/about.html"], false);
  await importWarc(ctx.store, server.dataDir, { source: "demo", year: YEAR, files: salvage }, now(), 3);
}, 120_000);

afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  await site?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("an annual edition of the demo site", () => {
  const intendedPaths = () => [...new Set([...htmlPaths(1).filter((p) => p !== "/"), ...htmlPaths(2)])];

  it("writes the target ledger: seeds, sitemap and last year's captures, sharded by path and language", async () => {
    const source = getSourceByCode(ctx.store, "demo")!;
    const deps = { store: ctx.store, dataDir: server.dataDir, shardMaxUrls: MAX, now: now() };
    const plan = await planEdition(deps, source, YEAR);
    const ledger = lines<LedgerLine>(String(edition().target_ledger_path));
    expect(path.basename(String(edition().target_ledger_path))).toBe("target-ledger.jsonl");
    const included = ledger.filter((l) => l.included);
    expect(included.map((l) => new URL(l.url).pathname).sort()).toEqual(intendedPaths().sort());
    expect(plan).toMatchObject({ intended: included.length, excluded: 2, ledgerBuilt: true });
    // Last year's edition, imported files alone and never planned: searchable, coverage unjudged.
    expect(await api(`/api/editions?source=demo&year=${YEAR - 1}`)).toMatchObject({
      editions: [{ status: "search_ready", searchReady: true, researchReady: false }],
    });
    // The salvage import already started this year's edition.
    expect(edition()).toMatchObject({
      intended_url_count: included.length,
      excluded_url_count: 2,
      status: "in_progress",
    });
    expect(ledger.filter((l) => !l.included).map((l) => [new URL(l.url).pathname, l.rule])).toEqual(
      expect.arrayContaining([
        ["/private/", "robots.txt"],
        ["/fr.html", "off-site"],
      ]),
    );
    // Gone topics come from last year's edition only; this year's new topic from the sitemap only.
    const byPath = new Map(included.map((l) => [new URL(l.url).pathname, l]));
    expect(byPath.get("/en/topics/h1n1-2009/")!.from).toEqual(["previous_edition"]);
    expect(byPath.get("/fr/topics/extreme-heat/")).toMatchObject({ from: ["sitemap"], language: "fr" });
    expect(byPath.get("/")).toMatchObject({ from: ["seed", "sitemap"], language: "und" });
    for (const l of included)
      expect(l.language).toBe(l.url.includes("/fr/") ? "fr" : l.url.includes("/en/") ? "en" : "und");
    // Shards: several, none over the limit, one language each, keyed by path prefix and language.
    const perShard = new Map<string, LedgerLine[]>();
    for (const l of included) perShard.set(l.shard_key!, [...(perShard.get(l.shard_key!) ?? []), l]);
    expect(perShard.size).toBeGreaterThanOrEqual(5);
    for (const [key, list] of perShard) {
      expect(list.length).toBeLessThanOrEqual(MAX);
      expect(new Set(list.map((l) => l.language)).size).toBe(1);
      const [prefix, language] = key.split("|");
      expect(language).toBe(list[0].language);
      for (const l of list) expect(new URL(l.url).pathname.startsWith(prefix)).toBe(true);
    }
    const jobs = shards().filter((j) => j.shard_kind === "path-language");
    expect(jobs.map((j) => j.shard_key).sort()).toEqual([...perShard.keys()].sort());
    // Planning again (a restart, the calendar) creates nothing and keeps the same ledger.
    const before = readFileSync(String(edition().target_ledger_path), "utf8");
    expect(await planEdition(deps, source, YEAR)).toMatchObject({ ledgerBuilt: false, jobsCreated: 0 });
    expect(readFileSync(String(edition().target_ledger_path), "utf8")).toBe(before);
  });

  it("crawls every shard and writes the capture manifest with each URL's outcome", async () => {
    const done = await drainJobs(ctx.store, 3, undefined, {}, server.dataDir);
    expect(done.every((j) => j.status === "indexed")).toBe(true);
    const e = edition();
    const manifest = lines<ManifestLine>(String(e.capture_manifest_path));
    const ledger = lines<LedgerLine>(String(e.target_ledger_path));
    expect(manifest.map((m) => m.url)).toEqual(ledger.map((l) => l.url));
    const outcome = (p: string) => manifest.find((m) => new URL(m.url).pathname === p)!;
    const gone = htmlPaths(1).filter((p) => !htmlPaths(2).includes(p) && p !== "/");
    expect(gone).toHaveLength(4); // the H1N1 topic, two pages in two languages
    for (const p of gone)
      expect(outcome(p)).toMatchObject({ outcome: "failed", status: 404, permanent: true });
    // Failed only once the retry budget is spent: each try is in the manifest line.
    expect(outcome("/fr/news/")).toMatchObject({
      outcome: "failed",
      status: 503,
      permanent: false,
      attempts: SHARD_URL_ATTEMPTS,
    });
    expect(outcome("/private/")).toMatchObject({ outcome: "out_of_scope", rule: "robots.txt" });
    const flu = outcome("/fr/topics/influenza/");
    expect(flu).toMatchObject({ outcome: "captured", status: 200, attempts: 2 });
    expect(outcome("/fr/topics/").attempts).toBe(1);
    expect(flu.digest).toMatch(/^[0-9a-f]{64}$/);
    const snap = await api(`/api/snapshot/${flu.snapshot_id}`);
    expect(snap.url).toBe(flu.url);
    // The salvage import captured the English news first: this year's crawl repeats it.
    const news = outcome("/en/news/");
    expect(news).toMatchObject({ outcome: "duplicate", status: 200 });
    expect((await api(`/api/snapshot/${news.duplicate_of}`)).url).toBe(news.url);
    const covered = manifest.filter((m) => m.outcome === "captured" || m.outcome === "duplicate").length;
    expect(covered).toBe(intendedPaths().length - 5);
    expect(e).toMatchObject({
      intended_url_count: intendedPaths().length,
      captured_url_count: covered,
      failed_url_count: 5,
      excluded_url_count: 2,
    });
    expect(JSON.parse(String(e.backend_counts))).toEqual({
      legacy_warc: expect.any(Number),
      node_warc: expect.any(Number),
    });
  });

  it("judges every shard, and the failing section puts the edition in review with the reason", async () => {
    const all = shards();
    const fr = all.find((j) => j.shard_key === "/fr/|fr")!;
    expect(fr).toMatchObject({ acceptance_state: "needs_review" });
    expect(fr.acceptance_reason).toMatch(/1 answered HTTP 503/);
    const gap = all.filter((j) => j.acceptance_state === "accepted_gap");
    expect(gap.length).toBeGreaterThanOrEqual(1);
    for (const j of gap) expect(j.acceptance_reason).toMatch(/answered HTTP 404/);
    expect(all.filter((j) => j.shard_kind === "legacy-full-site").map((j) => j.acceptance_state)).toEqual([
      "accepted",
    ]);
    expect(new Set(all.map((j) => j.acceptance_state))).toEqual(
      new Set(["accepted", "accepted_gap", "needs_review"]),
    );
    expect(edition()).toMatchObject({ status: "needs_review", search_ready: 1, research_ready: 0 });

    const [listed] = (await api(`/api/editions?source=demo&year=${YEAR}`)).editions;
    expect(listed).toMatchObject({
      sourceCode: "demo",
      year: YEAR,
      status: "needs_review",
      searchReady: true,
      intendedUrlCount: intendedPaths().length,
      failedUrlCount: 5,
      targetLedgerPath: `archive/editions/${YEAR}/demo/target-ledger.jsonl`,
      captureManifestPath: `archive/editions/${YEAR}/demo/capture-manifest.jsonl`,
    });
    const detail = await api(`/api/editions/${listed.id}`);
    expect(detail.needsReview).toEqual([{ shardKey: "/fr/|fr", reason: fr.acceptance_reason }]);
    expect(detail.shards).toHaveLength(all.length);
    expect((await fetch(`${server.baseUrl}/api/editions/abc`)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/editions?year=20`)).status).toBe(400);
  });
});

describe("operator decisions from the CLI", () => {
  it("accepts a shard with a reason, recorded with who and when, and the edition is recounted", async () => {
    const r = await decide("accept", "/fr/|fr", "news page down for a redesign", "alice");
    expect(r).toMatchObject({ failed: false, err: "" });
    expect(r.out).toMatch(/accept recorded \(was needs_review\); edition now research_ready/);
    expect(shards().find((j) => j.shard_key === "/fr/|fr")).toMatchObject({
      acceptance_state: "accepted",
      acceptance_reason: expect.stringMatching(
        /^accepted by an operator on \d{4}-\d\d-\d\d: news page down for a redesign$/,
      ),
    });
    expect(edition()).toMatchObject({ status: "research_ready", research_ready: 1 });
  });

  it("excludes a shard: its URLs leave the intended count", async () => {
    const before = edition();
    const key = "/en/|en";
    const size = lines<LedgerLine>(String(before.target_ledger_path)).filter(
      (l) => l.shard_key === key,
    ).length;
    const r = await decide("exclude", key, "section moved to another site", "bob");
    expect(r.failed).toBe(false);
    expect(edition()).toMatchObject({
      intended_url_count: Number(before.intended_url_count) - size,
      excluded_url_count: Number(before.excluded_url_count) + size,
    });
    expect(shards().find((j) => j.shard_key === key)!.acceptance_state).toBe("excluded");
  });

  it("re-queues a shard as a fresh job, and lists every decision", async () => {
    const old = shards().find((j) => j.shard_key === "/fr/|fr")!;
    const r = await decide("requeue", "/fr/|fr", "news is back", "alice");
    expect(r.out).toMatch(/requeue recorded \(was accepted\); job \d+ queued/);
    const fresh = shards().find((j) => j.shard_key === "/fr/|fr")!;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh).toMatchObject({ status: "queued", acceptance_state: "pending" });
    expect(edition().status).toBe("in_progress");
    const shown = await cli("edition", "--source", "demo", "--year", String(YEAR));
    expect(shown.out).toMatch(
      /alice accept \/fr\/\|fr \(needs_review → accepted\): news page down for a redesign/,
    );
    expect(shown.out).toMatch(
      /bob exclude \/en\/\|en \(accepted → excluded\): section moved to another site/,
    );
    expect(shown.out).toMatch(/alice requeue \/fr\/\|fr \(accepted → pending\): news is back/);
    const detail = await api(`/api/editions/${edition().id}`);
    expect(detail.decisions.map((d: { action: string }) => d.action)).toEqual([
      "accept",
      "exclude",
      "requeue",
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/alice|bob/);
  });

  it("refuses a decision without a reason, on an unknown shard, or on a shard still queued", async () => {
    const base = ["--source", "demo", "--year", String(YEAR)];
    expect((await cli("shard", "accept", ...base, "--shard", "/fr/|fr", "--reason", "  ")).err).toMatch(
      /--reason must say why/,
    );
    expect((await cli("shard", "accept", ...base, "--shard", "/nope/|en", "--reason", "x")).err).toMatch(
      /has no shard "\/nope\/\|en"; its shards: .*\/fr\/\|fr/,
    );
    expect((await cli("shard", "accept", ...base, "--shard", "/fr/|fr", "--reason", "x")).err).toMatch(
      /Conflict: shard \/fr\/\|fr is still being archived/,
    );
    expect(ctx.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM shard_decisions")!.n).toBe(3);
  });
});

describe("import-warc", () => {
  it("refuses a file that is not a WARC, or a damaged one, and writes nothing", async () => {
    const text = path.join(scratch, "notes.warc");
    writeFileSync(text, "WARC/1.0\r\nthis is not really a WARC record\r\n");
    const good = readdirSync(path.join(scratch, "v2-news")).find((f) => f.endsWith(".warc.gz"))!;
    const bytes = readFileSync(path.join(scratch, "v2-news", good));
    const cut = path.join(scratch, "cut.warc.gz");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const jobsDir = path.join(server.dataDir, "archive", "jobs");
    const dirs = readdirSync(jobsDir).sort();
    const count = () =>
      ctx.store.get<{ j: number; e: number }>(
        "SELECT (SELECT COUNT(*) FROM archive_jobs) AS j, (SELECT COUNT(*) FROM annual_editions) AS e",
      )!;
    const before = count();
    for (const files of [
      [text],
      [cut],
      [path.join(scratch, "v2-news", good), cut],
      [path.join(scratch, "missing.warc")],
    ]) {
      const r = await cli("import-warc", "--source", "demo", "--year", "2030", ...files);
      expect(r.failed).toBe(true);
      expect(r.err).toMatch(
        /ValidationError: .*(not a readable WARC file|holds no WARC response record|does not exist).*nothing was imported/,
      );
    }
    expect(count()).toEqual(before);
    expect(readdirSync(jobsDir).sort()).toEqual(dirs);
    expect(existsSync(path.join(server.dataDir, "archive", "editions", "2030"))).toBe(false);
  });

  it("refuses importing the same files twice into one edition", async () => {
    const files = readdirSync(path.join(scratch, "v2-news"))
      .filter((f) => f.endsWith(".warc.gz"))
      .map((f) => path.join(scratch, "v2-news", f));
    const r = await cli("import-warc", "--source", "demo", "--year", String(YEAR), ...files);
    expect(r.err).toMatch(/Conflict: these files were already imported into demo 2026 as job \d+/);
  });
});
