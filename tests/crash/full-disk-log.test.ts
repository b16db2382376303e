/**
 * A full disk that also holds the log: the real server (`chc serve`) with DATA_DIR on a small
 * tmpfs and its standard output redirected to a file on that same tmpfs, as `node … > app.log`
 * on the data disk does. The filesystem is filled for real; the server must keep answering
 * (health degraded, reads served, writes 503), drop and count the log lines the disk refuses,
 * and recover by itself once space is freed. Every request has a bounded timeout, so a server
 * that stops answering fails the test instead of hanging it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppProcess, SERVE, spawnApp } from "../helpers/app-process.js";
import { fillDisk, mountTmpfs, unmountTmpfs } from "../helpers/crash/fill-disk.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { editable, readService } from "../helpers/directory/service-edits.js";

const ADMIN_TOKEN = "full-disk-admin-token-0123456789";
const REQUEST_TIMEOUT_MS = 5_000;
const TMPFS_SIZE = "48m";

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "chc-fulldisk-"));
const dataDir = path.join(mountPoint, "data");
const logFile = path.join(mountPoint, "app.log");
const filler = path.join(mountPoint, "filler");
let app: AppProcess | undefined;

beforeAll(async () => {
  mountTmpfs(mountPoint, TMPFS_SIZE);
  const seeded = await prepareDirectoryData();
  fs.cpSync(seeded, dataDir, { recursive: true });
  fs.rmSync(seeded, { recursive: true, force: true });
});

afterAll(async () => {
  if (app && app.child.exitCode === null && app.child.signalCode === null) {
    app.child.kill("SIGKILL");
    await app.exited;
  }
  unmountTmpfs(mountPoint);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

const timed = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface LogDetails {
  droppedLines: number;
  lastError: string | null;
}

async function healthDetails(base: string) {
  const res = await timed(`${base}/api/health?details=1`, { headers: asAdmin });
  const body = await res.json();
  return { status: res.status, body, log: body.details.log as LogDetails };
}

it("keeps answering with a full disk under its data and its log, drops and counts log lines, recovers alone", async () => {
  app = spawnApp(SERVE, { ARCHIVE_ADMIN_TOKEN: ADMIN_TOKEN }, dataDir, { stdoutFile: logFile });
  const base = await app.listening;
  const token = await bearer(base, ACCOUNTS.partnerA);
  const input = editable(await readService(base, "partners-in-mission-food-bank"));
  let seq = 0;
  const createService = () =>
    timed(`${base}/api/v1/services`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...input, name: { en: `Full disk ${seq}`, fr: `Disque plein ${seq++}` } }),
    });

  /** Every write the server acknowledged (201): each must still be there after kill -9. */
  const acknowledged: string[] = [];
  const before = await createService();
  expect(before.status).toBe(201);
  const savedId = (await before.json()).data.id as string;
  acknowledged.push(savedId);
  expect((await healthDetails(base)).log.droppedLines).toBe(0);

  fillDisk(filler);
  // The journal's last page may still hold a record or two: write until the disk refuses one.
  let refused: Response | undefined;
  for (let i = 0; i < 50 && !refused; i++) {
    const res = await createService();
    if (res.status === 503) refused = res;
    else {
      expect(res.status).toBe(201);
      acknowledged.push((await res.json()).data.id);
    }
  }
  expect(refused, "no write was refused on a full disk").toBeDefined();
  expect(await refused!.json()).toMatchObject({ success: false, error: "ServiceUnavailable" });

  // Enough requests for several chunks of access lines, each refused by the full log file.
  for (let round = 0; round < 4; round++) {
    await Promise.all(Array.from({ length: 50 }, () => timed(`${base}/api/health`).then((r) => r.text())));
    await new Promise((r) => setTimeout(r, 300));
  }

  const plain = await timed(`${base}/api/health`);
  expect(plain.status).toBe(200);
  expect(await plain.json()).toEqual({
    status: "degraded",
    checks: { db: "writes_refused", databases: { directory: "writes_refused" } },
  });
  const degraded = await healthDetails(base);
  expect(degraded.status).toBe(200);
  expect(degraded.body.details.stores.directory).toMatchObject({ writable: false });
  expect(degraded.log.droppedLines).toBeGreaterThan(0);
  expect(degraded.log.lastError).toMatch(/ENOSPC/);

  const read = await timed(`${base}/api/v1/services/${savedId}`);
  expect(read.status).toBe(200);
  expect((await createService()).status).toBe(503);

  const metrics = await (await timed(`${base}/metrics`, { headers: asAdmin })).text();
  const dropped = Number(/^chc_log_lines_dropped_total (\d+)$/m.exec(metrics)?.[1]);
  expect(dropped).toBeGreaterThanOrEqual(degraded.log.droppedLines);

  // Space comes back: the next write is accepted, health is ok again, and lines reach the log.
  const logSizeFull = fs.statSync(logFile).size;
  fs.rmSync(filler);
  const after = await createService();
  expect(after.status).toBe(201);
  acknowledged.push((await after.json()).data.id);
  const recovered = await healthDetails(base);
  expect(recovered.status).toBe(200);
  expect(recovered.body.status).toBe("ok");
  expect(recovered.body.details.stores.directory).toMatchObject({ writable: true });
  const deadline = Date.now() + 5_000;
  while (!fs.readFileSync(logFile, "utf8").slice(logSizeFull).includes('"msg":"request"')) {
    expect(Date.now(), "no log line written after space was freed").toBeLessThan(deadline);
    await timed(`${base}/api/health`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await healthDetails(base)).log.lastError).toBeNull();
  expect(app.child.exitCode).toBeNull();

  // kill -9, then a new server on the same folder: every acknowledged write is there.
  app.child.kill("SIGKILL");
  await app.exited;
  // Its own log file: the first one still holds the first server's "listening" line.
  app = spawnApp(SERVE, { ARCHIVE_ADMIN_TOKEN: ADMIN_TOKEN }, dataDir, {
    stdoutFile: path.join(mountPoint, "app-restarted.log"),
  });
  const restarted = await app.listening;
  const lost: string[] = [];
  for (const id of acknowledged)
    if ((await timed(`${restarted}/api/v1/services/${id}`)).status !== 200) lost.push(id);
  console.log(
    `full disk under the data and the log: acknowledged ${acknowledged.length}, lost ${lost.length}`,
  );
  expect(lost).toEqual([]);
}, 120_000);
