/**
 * Repair of a store whose journal is damaged or misses records (`chc db repair`). The plan rebuilds
 * the database in memory from the checkpoint file plus every intact record of the journals, the
 * ones after the damage or the gap included, each in its own transaction in sequence order; a
 * record that cannot be applied without what was lost (say, an update of a row whose insert was
 * damaged) is reported lost too. With `stopAtGap` only the records before the first lost one are
 * kept (for a gap the operator chooses: the later records may not make sense without the missing
 * ones, say an older database file restored beside a newer journal). Applying writes the result as the new checkpoint, marking every journal
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
import { damageMatters, inspectJournal, sequenceGap } from "./journal-scan.mjs";
import type { StorePaths } from "./paths.js";
import { journalSources, readIfExists, recordSpan } from "./recover.js";

export interface LostRecords {
  /** First and last sequence number of a run of lost records. */
  from: number;
  to: number;
  reason: string;
}

/** Records in no file: between two intact records, or between the database file and a journal. */
export interface MissingRecords {
  from: number;
  to: number;
  /** The journal (file name) whose record comes after them, and that record. */
  file: string;
  nextSeq: number;
  offset: number;
  /** The record before them; `fromDatabaseFile`: it is the database file's last (no journal record came before). */
  afterSeq: number;
  fromDatabaseFile: boolean;
}

export interface RepairOptions {
  /** Keep only the records before the first missing or damaged one; the later ones are lost. */
  stopAtGap?: boolean;
}

export interface RepairPlan {
  /** Damaged journals (file names), with the damaged byte ranges in each. */
  damaged: { file: string; ranges: { start: number; end: number }[] }[];
  /** Gaps in the sequence numbers. */
  missing: MissingRecords[];
  /** Records already in the database file. */
  appliedBefore: number;
  /** Sequence numbers that will be applied. */
  kept: number[];
  lost: LostRecords[];
  /** Intact records after the first missing or damaged one: what the choice of --stop-at-gap is about. */
  afterFirstLoss: number;
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

const LEFT_OUT = "after the first lost record; left out (--stop-at-gap)";

/**
 * Builds the repaired database in memory; null when no journal is damaged or misses records
 * (nothing to repair).
 */
export async function planRepair(paths: StorePaths, options: RepairOptions = {}): Promise<RepairPlan | null> {
  const SQL = await loadSqlJs();
  const db = openDatabase(SQL, readIfExists(paths.db));
  const appliedBefore = getLastSeq(db);
  const plan: RepairPlan = {
    damaged: [],
    missing: [],
    appliedBefore,
    kept: [],
    lost: [],
    afterFirstLoss: 0,
    lastSeq: appliedBefore,
    db,
    damagedFiles: [],
  };
  let last = appliedBefore;
  for (const source of journalSources(paths)) {
    const inspected = inspectJournal(readJournalFile(source.file));
    const file = path.basename(source.file);
    const prefixEnd = inspected.records.reduce((max, r) => Math.max(max, r.seq), last);
    const gap = sequenceGap(inspected.records, last) !== null;
    if (source.isAside || gap || (inspected.problem && damageMatters(inspected, prefixEnd))) {
      plan.damaged.push({ file, ranges: inspected.gaps });
      plan.damagedFiles.push(source.file);
    }
    // A record that comes right after damaged bytes follows damaged records; otherwise the ones
    // before it are missing from every file.
    const afterDamage = new Set(inspected.gaps.filter((g) => g.end > g.start).map((g) => g.end));
    const damagedLastSeq = inspected.damagedLast?.seq ?? 0;
    for (const record of [...inspected.records, ...inspected.later]) {
      if (record.seq <= last) continue;
      if (record.seq > last + 1) {
        const damagedBytes = afterDamage.has(record.offset);
        for (let seq = last + 1; seq < record.seq; seq++)
          addLost(plan.lost, seq, damagedBytes ? "damaged" : "missing");
        if (!damagedBytes) {
          plan.missing.push({
            from: last + 1,
            to: record.seq - 1,
            file,
            nextSeq: record.seq,
            offset: record.offset,
            afterSeq: last,
            fromDatabaseFile: last === appliedBefore,
          });
        }
      }
      if (plan.lost.length > 0) plan.afterFirstLoss++;
      if (options.stopAtGap && plan.lost.length > 0) {
        addLost(plan.lost, record.seq, LEFT_OUT);
      } else {
        try {
          replayRecords(db, [record], record.seq - 1);
          plan.kept.push(record.seq);
        } catch (err) {
          const why = (err as Error).message.replace(/^journal record \d+ could not be replayed: /, "");
          addLost(plan.lost, record.seq, `cannot be applied without the lost records (${why})`);
        }
      }
      last = record.seq;
    }
    if (damagedLastSeq > last) {
      for (let seq = last + 1; seq <= damagedLastSeq; seq++) addLost(plan.lost, seq, "damaged");
      last = damagedLastSeq;
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

/** Whether the operator must choose between --keep-later and --stop-at-gap: records are missing and some follow. */
export function needsChoice(plan: RepairPlan): boolean {
  return plan.missing.length > 0 && plan.afterFirstLoss > 0;
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

function lostCount(plan: RepairPlan): number {
  return plan.lost.reduce((n, l) => n + l.to - l.from + 1, 0);
}

function describeMissing(name: string, m: MissingRecords): string {
  const span = recordSpan(m.from, m.to);
  const are = m.from === m.to ? "is" : "are";
  return m.fromDatabaseFile
    ? `${name}: ${span} ${are} missing: the database file holds records up to ${m.afterSeq} and ${m.file} begins at record ${m.nextSeq}`
    : `${name}: ${span} ${are} missing from ${m.file}: record ${m.nextSeq} follows record ${m.afterSeq} at byte ${m.offset}`;
}

/**
 * The plan as lines for the operator: what is damaged or missing, what would be kept, what lost,
 * and, when records are missing with others after them, what each choice keeps (`stopped`: the
 * plan made with --stop-at-gap).
 */
export function describePlan(name: string, plan: RepairPlan, stopped?: RepairPlan): string[] {
  const lines: string[] = [];
  for (const d of plan.damaged) {
    const ranges = d.ranges.map((r) => `bytes ${r.start}–${r.end - 1}`);
    if (ranges.length > 0) lines.push(`${name}: ${d.file} is damaged at ${ranges.join(", ")}`);
    else if (!plan.missing.some((m) => m.file === d.file))
      lines.push(`${name}: ${d.file} is damaged at an unknown place`);
  }
  for (const m of plan.missing) lines.push(describeMissing(name, m));
  lines.push(
    plan.appliedBefore
      ? `${name}: the database file already holds records 1–${plan.appliedBefore}`
      : `${name}: the database file holds no journal record yet`,
  );
  lines.push(`${name}: kept: ${plan.kept.length} records (${seqRanges(plan.kept)})`);
  const lost = lostCount(plan);
  lines.push(`${name}: lost: ${lost} records${lost ? ":" : ""}`);
  for (const l of plan.lost) {
    lines.push(`  ${l.from === l.to ? l.from : `${l.from}–${l.to}`}: ${l.reason}`);
  }
  if (stopped) {
    const firstLost = plan.lost[0]?.from ?? plan.lastSeq + 1;
    lines.push(
      `${name}: --keep-later keeps the records above, those after the gap included (check they make sense without the missing ones)`,
      `${name}: --stop-at-gap keeps only records up to ${firstLost - 1} (${stopped.kept.length} kept, ${lostCount(stopped)} lost)`,
    );
  }
  return lines;
}
