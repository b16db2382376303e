/**
 * Issue #25 §3: a backup restores the archive whole. A real crawl of a local site, the real server
 * on it, `chc db backup` in its own process while that server runs, `chc db restore` into a new
 * data folder, and a second server there: replay answers the captured page and the WACZ export
 * holds the WARC with a CDXJ that lists its records. A WARC missing or cut short on disk refuses
 * the backup (named) unless --without-warcs, which the manifest then says; an export whose WARC
 * is gone answers 409 naming it, never a package without its pages.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, truncateSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { directoryModule } from "../../server/directory/index.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { captureSite } from "../helpers/archive/captured-site.js";
import { smallSite, tmpDir } from "../helpers/archive/store-and-site.js";
import { parseCdxj, readZip, responseRecords } from "../helpers/archive/wacz-check.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `chc <args>` in its own process, on `dataDir`. */
const chc = (dataDir: string, ...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", ...args),
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const modules = () => [createArchiveModule(), directoryModule, waittimesModule];
const dirs: string[] = [];
const fresh = (prefix: string) => {
  const d = tmpDir(prefix);
  dirs.push(d);
  return d;
};

let source: string;
let jobId: number;
let sitePath: string;
let warcName: string;
let server: TestServer;
let waczBefore: Buffer;
/** The backup `chc db backup` made while the server ran, and what that command wrote. */
let backup: string;
let made: Run;

const warcOf = (dataDir: string) => path.join(dataDir, "archive", "jobs", String(jobId), warcName);

beforeAll(async () => {
  source = fresh("chc-backup-src-");
  const site = await serveSite(smallSite("http://127.0.0.1:9", 4));
  try {
    jobId = await captureSite(source, `${site.url}/site/`);
    sitePath = `${site.url}/site/`;
  } finally {
    await site.close();
  }
  const warcs = readdirSync(path.join(source, "archive", "jobs", String(jobId))).filter((f) =>
    f.includes(".warc"),
  );
  expect(warcs).toHaveLength(1);
  warcName = warcs[0];
  server = await startTestServer({ dataDir: source, modules: modules() });
  const res = await fetch(`${server.baseUrl}/api/exports/jobs/${jobId}.wacz`);
  expect(res.status).toBe(200);
  waczBefore = Buffer.from(await res.arrayBuffer());
  backup = path.join(fresh("chc-backup-"), "copy");
  made = await chc(source, "db", "backup", backup);
}, 120_000);
afterAll(async () => {
  await server?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("db backup and db restore keep the archive's WARC files", () => {
  it("a restored data folder replays the captured page and exports the WARC with its CDXJ", async () => {
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(backup, "backup-manifest.json"), "utf8"));
    expect(manifest.withoutWarcs).toBe(false);
    const archiveFiles = manifest.files.find((f: { module: string }) => f.module === "archive");
    const warcEntry = archiveFiles.entries.find((e: { path: string }) => e.path.endsWith(warcName));
    expect(warcEntry.path).toBe(`jobs/${jobId}/${warcName}`);
    expect(warcEntry.bytes).toBe(readFileSync(warcOf(source)).length);

    const target = fresh("chc-restored-");
    const restored = await chc(target, "db", "restore", backup);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(readFileSync(warcOf(target))).toEqual(readFileSync(warcOf(source)));

    const archive = createArchiveModule();
    const second = await startTestServer({
      dataDir: target,
      modules: [archive, directoryModule, waittimesModule],
    });
    try {
      const replay = await fetch(`${archive.replayUrl()}/job-${jobId}/${sitePath}`);
      expect(replay.status).toBe(200);
      expect(await replay.text()).toContain("<");
      const res = await fetch(`${second.baseUrl}/api/exports/jobs/${jobId}.wacz`);
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      // The same package as before the backup but for its creation time.
      expect(Math.abs(body.length - waczBefore.length)).toBeLessThan(64);
      const zip = await readZip(body);
      const warc = zip.get(`archive/${warcName}`);
      expect(warc?.data).toEqual(readFileSync(warcOf(source)));
      const cdxj = parseCdxj(zip.get("indexes/index.cdxj")!.data.toString());
      const records = await responseRecords(warc!.data);
      expect(records.length).toBeGreaterThan(0);
      expect(cdxj).toHaveLength(records.length);
      expect(new Set(cdxj.map((r) => r.filename))).toEqual(new Set([warcName]));
    } finally {
      await second.close();
    }
  }, 120_000);

  it("refuses a backup whose WARC is cut short or missing, naming it, unless --without-warcs", async () => {
    // The same archive restored, its WARC then cut short on disk (the server's folder stays whole).
    const damaged = fresh("chc-damaged-");
    expect((await chc(damaged, "db", "restore", backup)).code).toBe(0);
    // Cut in half, as an interrupted copy leaves it: the records past the cut are gone.
    const full = readFileSync(warcOf(damaged)).length;
    truncateSync(warcOf(damaged), Math.floor(full / 2));

    const cut = path.join(fresh("chc-backup-refused-"), "cut");
    const refused = await chc(damaged, "db", "backup", cut);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`archive: jobs/${jobId}/${warcName} (${Math.floor(full / 2)} bytes;`);
    expect(refused.stderr).toContain("--without-warcs");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(cut, "backup-manifest.json"))).toBe(false);
    expect(existsSync(path.join(cut, "archive.sqlite"))).toBe(false);

    rmSync(warcOf(damaged));
    const gone = await chc(damaged, "db", "backup", cut);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain(`archive: jobs/${jobId}/${warcName} (missing)`);

    const without = await chc(damaged, "db", "backup", cut, "--without-warcs");
    expect(without.stderr).toBe("");
    expect(without.code).toBe(0);
    expect(without.stdout).toContain("archive: WARC files left out (--without-warcs)");
    const manifest = JSON.parse(readFileSync(path.join(cut, "backup-manifest.json"), "utf8"));
    expect(manifest.withoutWarcs).toBe(true);
    expect(manifest.files).toEqual([]);
    expect(existsSync(path.join(cut, "files"))).toBe(false);
  }, 120_000);

  it("an export whose WARC is missing or short answers 409 naming it, never a partial package", async () => {
    const target = fresh("chc-nowarc-");
    expect((await chc(target, "db", "restore", backup)).code).toBe(0);
    const full = readFileSync(warcOf(target)).length;
    truncateSync(warcOf(target), Math.floor(full / 2));
    const third = await startTestServer({ dataDir: target, modules: modules() });
    try {
      const short = await fetch(`${third.baseUrl}/api/exports/jobs/${jobId}.wacz`);
      expect(short.status).toBe(409);
      const shortBody = await short.json();
      expect(shortBody).toMatchObject({ success: false, error: "Conflict" });
      expect(shortBody.message).toContain(`shorter than the records they hold: jobs/${jobId}/${warcName}`);
      rmSync(warcOf(target));
      const res = await fetch(`${third.baseUrl}/api/exports/jobs/${jobId}.wacz`);
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, error: "Conflict" });
      expect(body.message).toContain(`missing: jobs/${jobId}/${warcName}`);
      expect(body.message).not.toContain(target);
    } finally {
      await third.close();
    }
  }, 120_000);
});
