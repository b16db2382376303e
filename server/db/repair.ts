/**
 * Repair of a store whose journal is damaged in the middle (`chc db repair`). The plan rebuilds
 * the database in memory from the checkpoint file plus every intact record of the journals, the
 * ones after the damage included, each in its own transaction in sequence order; a record that
 * cannot be applied without what was lost (say, an update of a row whose insert was damaged) is
 * reported lost too. Applying writes the result as the new checkpoint, marking every journal
 * record as folded in, renames the damaged journal to `<file>.<UTC time>` (kept, never deleted)
 * and removes the folded journals. Run it with the server stopped: it takes the writer lock.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "sql.js";
import {
  fsyncDir,
  getLastSeq,
  loadSqlJs,
  openDatabase,
  readJournalFile,
  replayRecords,
  setLastSeq,
  writeFileDurably,
} from "./journal-codec.mjs";
import { damageMatters, inspectJournal } from "./journal-scan.mjs";
import type { StorePaths } from "./paths.js";
import { journalSources, readIfExists } from "./recover.js";

export interface LostRecords {
  /** First and last sequence number of a run of lost records. */
  from: number;
  to: number;
  reason: string;
}

export interface RepairPlan {
  /** Damaged journals (file names), with the damaged byte ranges in each. */
  damaged: { file: string; ranges: { start: number; end: number }[] }[];
  /** Records already in the database file. */
  appliedBefore: number;
  /** Sequence numbers that will be applied. */
  kept: number[];
  lost: LostRecords[];
  /** Every record up to here counts as folded in after the repair. */
  lastSeq: number;
  /** The rebuilt database (close it if the plan is not applied). */
  db: Database;
  /** Files that hold damage, as they are named on disk now. */
  damagedFiles: string[];
}

function addLost(lost: LostRecords[], seq: number, reason: string): void {
  const last = lost[lost.length - 1];
  if (last && last.to === seq - 1 && last.reason === reason) last.to = seq;
  else lost.push({ from: seq, to: seq, reason });
}

/** Builds the repaired database in memory; null when no journal is damaged (nothing to repair). */
export async function planRepair(paths: StorePaths): Promise<RepairPlan | null> {
  const SQL = await loadSqlJs();
  const db = openDatabase(SQL, readIfExists(paths.db));
  const appliedBefore = getLastSeq(db);
  const plan: RepairPlan = {
    damaged: [],
    appliedBefore,
    kept: [],
    lost: [],
    lastSeq: appliedBefore,
    db,
    damagedFiles: [],
  };
  let last = appliedBefore;
  for (const source of journalSources(paths)) {
    const inspected = inspectJournal(readJournalFile(source.file));
    const prefixEnd = inspected.records.reduce((max, r) => Math.max(max, r.seq), last);
    if (source.isAside || (inspected.problem && damageMatters(inspected, prefixEnd))) {
      plan.damaged.push({ file: path.basename(source.file), ranges: inspected.gaps });
      plan.damagedFiles.push(source.file);
    }
    for (const record of [...inspected.records, ...inspected.later]) {
      if (record.seq <= last) continue;
      for (let missing = last + 1; missing < record.seq; missing++) addLost(plan.lost, missing, "damaged");
      try {
        replayRecords(db, [record], record.seq - 1);
        plan.kept.push(record.seq);
      } catch (err) {
        const why = (err as Error).message.replace(/^journal record \d+ could not be replayed: /, "");
        addLost(plan.lost, record.seq, `cannot be applied without the lost records (${why})`);
      }
      last = record.seq;
    }
  }
  plan.lastSeq = last;
  if (plan.damagedFiles.length === 0) {
    db.close();
    return null;
  }
  setLastSeq(db, last);
  return plan;
}

/** `20250131T120000Z`: when the damaged journal was set aside for good. */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Writes the plan's database as the new checkpoint, then retires the journals. Crash-safe in this
 * order: once the file is renamed in, its last_seq covers every journal record, so a repeat of
 * the repair (the damaged files are still named `.damaged`) has nothing left to apply.
 */
export function applyRepair(paths: StorePaths, plan: RepairPlan, now = new Date()): string[] {
  writeFileDurably(paths.db, paths.tmp, plan.db.export());
  plan.db.close();
  const keptAs: string[] = [];
  for (const file of plan.damagedFiles) {
    const base = file.endsWith(".damaged") ? file : `${file}.damaged`;
    const target = `${base}.${stamp(now)}`;
    fs.renameSync(file, target);
    keptAs.push(path.basename(target));
  }
  for (const folded of [paths.ckpt, paths.journal]) fs.rmSync(folded, { force: true });
  fsyncDir(paths.dir);
  return keptAs;
}

/** "1–5, 7, 9–21" */
export function seqRanges(seqs: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < seqs.length; i++) {
    let j = i;
    while (j + 1 < seqs.length && seqs[j + 1] === seqs[j] + 1) j++;
    parts.push(i === j ? `${seqs[i]}` : `${seqs[i]}–${seqs[j]}`);
    i = j;
  }
  return parts.join(", ") || "none";
}

/** The plan as lines for the operator: what is damaged, what would be kept, what lost. */
export function describePlan(name: string, plan: RepairPlan): string[] {
  const lines = plan.damaged.map(
    (d) =>
      `${name}: ${d.file} is damaged at ${d.ranges.map((r) => `bytes ${r.start}–${r.end - 1}`).join(", ") || "an unknown place"}`,
  );
  lines.push(
    plan.appliedBefore
      ? `${name}: the database file already holds records 1–${plan.appliedBefore}`
      : `${name}: the database file holds no journal record yet`,
  );
  lines.push(`${name}: kept: ${plan.kept.length} records (${seqRanges(plan.kept)})`);
  const lostCount = plan.lost.reduce((n, l) => n + l.to - l.from + 1, 0);
  lines.push(`${name}: lost: ${lostCount} records${lostCount ? ":" : ""}`);
  for (const l of plan.lost) {
    lines.push(`  ${l.from === l.to ? l.from : `${l.from}–${l.to}`}: ${l.reason}`);
  }
  return lines;
}
