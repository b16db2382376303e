/**
 * Journals that lost records after the fact, made the way it happens: the real server acknowledges
 * partners' service writes, is killed (kill -9) or stopped, its files are altered on disk, and it
 * is started again as a process. (a) one whole record cut out of the middle of the journal,
 * (b) an older database file restored beside a newer journal, (c) a bit flipped in the last
 * record, which keeps its full length. Each is damage, never replayed silently: writes refused,
 * health unhealthy, the journal kept aside, and `chc db repair` shows the missing records and lets
 * the operator choose. Each case prints acknowledged and lost writes as measured.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  firstRecordMentioning,
  flipBitIn,
  readRecords,
  removeRecord,
  runChc,
} from "../helpers/crash/journal-files.js";
import {
  killAllServers,
  killed,
  type ServerProcess,
  serviceInput,
  startServerProcess,
} from "../helpers/crash/server-process.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";

// No checkpoint unless the test stops the server: the journal holds what the test wrote.
const env = { CHECKPOINT_INTERVAL_MS: "3600000" };
const dirs: string[] = [];

afterAll(() => {
  killAllServers();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Session {
  server: ServerProcess;
  token: string;
  input: Record<string, unknown>;
}

async function start(dataDir: string, token?: string): Promise<Session> {
  const server = await startServerProcess(dataDir, env);
  const signedIn = token ?? (await bearer(server.url, ACCOUNTS.partnerA));
  return { server, token: signedIn, input: await serviceInput(server.url, "partners-in-mission-food-bank") };
}

function createService(s: Session, name: string): Promise<Response> {
  return fetch(`${s.server.url}/api/v1/services`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: JSON.stringify({ ...s.input, name: { en: name, fr: `${name} (fr)` } }),
  });
}

/** Creates services one after the other; each is acknowledged (201) before the next. */
async function createAcknowledged(s: Session, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const res = await createService(s, name);
    expect(res.status, `create ${name}`).toBe(201);
    ids.push((await res.json()).data.id);
  }
  return ids;
}

/** SIGTERM and wait: the server checkpoints its database as it stops. */
async function stopped(s: Session): Promise<void> {
  await new Promise<void>((resolve) => {
    s.server.proc.once("exit", () => resolve());
    s.server.proc.kill("SIGTERM");
  });
}

interface Observed {
  health: string;
  lost: number;
  writesRefused: boolean;
}

/** What the restarted server answers: health, how many acknowledged services it lost, a new write. */
async function observe(s: Session, acknowledged: string[], label: string): Promise<Observed> {
  const url = s.server.url;
  const healthRes = await fetch(`${url}/api/health`);
  const health = `${healthRes.status} ${(await healthRes.json()).status}`;
  let lost = 0;
  for (const id of acknowledged) {
    const res = await fetch(`${url}/api/v1/services/${id}`);
    await res.text();
    if (res.status !== 200) lost++;
  }
  const write = await createService(s, `${label} probe`);
  const writesRefused = write.status === 503;
  if (writesRefused)
    expect(await write.json()).toMatchObject({ success: false, error: "ServiceUnavailable" });
  else await write.text();
  return { health, lost, writesRefused };
}

/** One line of figures per fault; `lostNote` says which of the lost writes wait, kept aside, for the repair. */
function report(fault: string, acknowledged: number, seen: Observed, repair: string, lostNote = ""): void {
  console.log(
    `${fault}: acknowledged ${acknowledged}, lost ${seen.lost}${lostNote}, writes refused: ${seen.writesRefused ? "yes" : "no"}, health: ${seen.health}, repair: ${repair}`,
  );
}

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

describe("journals missing records after a restart", () => {
  it("(a) one whole record removed from the middle: refused, then repaired keeping the later records", async () => {
    const dataDir = await prepareDirectoryData();
    dirs.push(dataDir);
    const journal = path.join(dataDir, "directory.journal");
    const first = await start(dataDir);
    const written = names("Gap pantry", 9);
    const acknowledged = await createAcknowledged(first, written);
    await killed(first.server.proc);

    const removed = firstRecordMentioning(journal, written[4]);
    const after = readRecords(journal).filter((r) => r.seq > removed.seq);
    expect(after.length).toBeGreaterThanOrEqual(4);
    removeRecord(journal, removed);

    const damaged = await start(dataDir, first.token);
    const seen = await observe(damaged, acknowledged, "gap");
    expect(seen).toMatchObject({ health: "503 unhealthy", writesRefused: true });
    // Served: the services before the gap; the ones after it wait, kept aside, for the repair.
    expect(seen.lost).toBe(5);
    expect(damaged.server.output()).toMatch(/missing record/);
    expect(fs.existsSync(journal)).toBe(false);
    const aside = path.join(dataDir, "directory.journal.damaged");
    const asideBytes = fs.readFileSync(aside);
    await killed(damaged.server.proc);

    const dry = await runChc(dataDir, ["db", "repair", "--module", "directory"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `directory: record ${removed.seq} is missing from directory.journal.damaged: record ${removed.seq + 1} follows record ${removed.seq - 1}`,
    );
    expect(dry.stdout).toContain(`  ${removed.seq}: missing`);
    expect(dry.stdout).toContain("--keep-later");
    expect(dry.stdout).toContain(`--stop-at-gap keeps only records up to ${removed.seq - 1}`);
    expect(fs.readFileSync(aside).equals(asideBytes)).toBe(true);

    // A gap is not repaired without a choice.
    const unchosen = await runChc(dataDir, ["db", "repair", "--module", "directory", "--yes"]);
    expect(unchosen.code).not.toBe(0);
    expect(unchosen.stderr).toContain("choose --keep-later or --stop-at-gap");
    expect(fs.readFileSync(aside).equals(asideBytes)).toBe(true);

    const done = await runChc(dataDir, ["db", "repair", "--module", "directory", "--yes", "--keep-later"]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("repaired");

    const repaired = await start(dataDir, first.token);
    const afterRepair = await observe(repaired, acknowledged, "gap repaired");
    expect(afterRepair).toEqual({ health: "200 ok", lost: 1, writesRefused: false });
    await killed(repaired.server.proc);
    report(
      "(a) record removed from the middle",
      acknowledged.length,
      seen,
      "shows the missing record and the records after it; --keep-later chosen",
      " (not served: 1 missing from every file, 4 kept aside until the repair)",
    );
    report("(a) after repair --keep-later", acknowledged.length, afterRepair, "done");
  }, 300_000);

  it("(b) an older database file beside a newer journal: refused, then repaired to the records before the gap", async () => {
    const dataDir = await prepareDirectoryData();
    dirs.push(dataDir);
    const dbFile = path.join(dataDir, "directory.sqlite");
    const oldCopy = path.join(dataDir, "..", `${path.basename(dataDir)}-old.sqlite`);
    dirs.push(oldCopy);

    const one = await start(dataDir);
    const early = await createAcknowledged(one, names("Early pantry", 3));
    await stopped(one);
    fs.copyFileSync(dbFile, oldCopy);

    const two = await start(dataDir, one.token);
    const middle = await createAcknowledged(two, names("Middle pantry", 3));
    await stopped(two);

    const three = await start(dataDir, one.token);
    const late = await createAcknowledged(three, names("Late pantry", 3));
    // An edit, after the checkpoint, of a service created before it.
    const edited = await (await fetch(`${three.server.url}/api/v1/services/${middle[0]}`)).json();
    const edit = await fetch(`${three.server.url}/api/v1/services/${middle[0]}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${three.token}`,
        "if-match": `"${edited.data.version}"`,
      },
      body: JSON.stringify({
        ...three.input,
        name: { en: "Middle pantry edited", fr: "Middle pantry edited (fr)" },
      }),
    });
    expect(edit.status).toBe(200);
    await killed(three.server.proc);
    const journalStart = readRecords(path.join(dataDir, "directory.journal"))[0].seq;

    fs.copyFileSync(oldCopy, dbFile);
    const acknowledged = [...early, ...middle, ...late];
    const damaged = await start(dataDir, one.token);
    const seen = await observe(damaged, acknowledged, "older");
    expect(seen).toMatchObject({ health: "503 unhealthy", writesRefused: true });
    // The older file is served as it is; the newer journal waits, kept aside.
    expect(seen.lost).toBe(6);
    expect(fs.existsSync(path.join(dataDir, "directory.journal.damaged"))).toBe(true);
    await killed(damaged.server.proc);

    const dry = await runChc(dataDir, ["db", "repair", "--module", "directory"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `directory: records \\d+–${journalStart - 1} are missing: the database file holds records up to \\d+ and directory\\.journal\\.damaged begins at record ${journalStart}`,
      ),
    );
    expect(dry.stdout).toContain("--stop-at-gap keeps only records up to");

    const done = await runChc(dataDir, ["db", "repair", "--module", "directory", "--yes", "--stop-at-gap"]);
    expect(done.code, done.stderr).toBe(0);
    const repaired = await start(dataDir, one.token);
    const afterRepair = await observe(repaired, acknowledged, "older repaired");
    // What the older file holds, consistent: the middle services and everything after are gone.
    expect(afterRepair).toEqual({ health: "200 ok", lost: 6, writesRefused: false });
    await killed(repaired.server.proc);
    const acked = acknowledged.length + 1;
    // The edit counts as one more acknowledged write, lost with the middle services.
    report(
      "(b) older database beside a newer journal",
      acked,
      { ...seen, lost: seen.lost + 1 },
      "shows the missing records and where the journal begins; --stop-at-gap chosen",
      " (not served: 3 services and the edit missing from every file, 3 services kept aside until the repair)",
    );
    report("(b) after repair --stop-at-gap", acked, { ...afterRepair, lost: afterRepair.lost + 1 }, "done");
  }, 300_000);

  it("(c) a bit flipped in the full-length last record: kept aside and reported, not cut as a torn tail", async () => {
    const dataDir = await prepareDirectoryData();
    dirs.push(dataDir);
    const journal = path.join(dataDir, "directory.journal");
    const first = await start(dataDir);
    const written = names("Flip pantry", 6);
    const acknowledged = await createAcknowledged(first, written);
    await killed(first.server.proc);

    const records = readRecords(journal);
    const last = records[records.length - 1];
    expect(last.payload).toContain(written[5]);
    flipBitIn(journal, last);
    const flippedBytes = fs.readFileSync(journal);

    const damaged = await start(dataDir, first.token);
    const seen = await observe(damaged, acknowledged, "flip");
    expect(seen).toMatchObject({ health: "503 unhealthy", writesRefused: true, lost: 1 });
    expect(damaged.server.output()).not.toMatch(/never acknowledged/);
    const aside = path.join(dataDir, "directory.journal.damaged");
    expect(fs.readFileSync(aside).equals(flippedBytes)).toBe(true);
    await killed(damaged.server.proc);

    const dry = await runChc(dataDir, ["db", "repair", "--module", "directory"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `directory.journal.damaged is damaged at bytes ${last.start}–${last.end - 1}`,
    );
    expect(dry.stdout).toContain(`  ${last.seq}: damaged`);
    const done = await runChc(dataDir, ["db", "repair", "--module", "directory", "--yes"]);
    expect(done.code, done.stderr).toBe(0);

    const repaired = await start(dataDir, first.token);
    const afterRepair = await observe(repaired, acknowledged, "flip repaired");
    expect(afterRepair).toEqual({ health: "200 ok", lost: 1, writesRefused: false });
    await killed(repaired.server.proc);
    report(
      "(c) bit flipped in the last record",
      acknowledged.length,
      seen,
      "shows the damaged record; --yes",
      " (the damaged record, kept aside in the journal and reported, not cut)",
    );
    report("(c) after repair --yes", acknowledged.length, afterRepair, "done");
  }, 300_000);
});
