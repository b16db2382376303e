/**
 * What `copy-to-postgres` says while it runs, since the archive's part takes minutes: for each
 * stretch of work (a module's tables, the archive's search entries) how far it got, rows or pages
 * per second and about how long is left, at most one line every `everyMs`; then a line with the
 * stretch's time when it ends. On a terminal the line is rewritten in place instead of repeated.
 */
import type { TablePlan } from "./copy-to-postgres-tables.js";
import type { Reader, SqlValue } from "./types.js";

export type ProgressUnit = "rows" | "pages";

export interface CopyProgress {
  /** Begins a stretch of `total` units (ending the one before). */
  start(what: string, total: number, unit: ProgressUnit): void;
  /** `n` more units done. */
  advance(n: number): void;
  /** Ends the current stretch, with a line saying how long it took. */
  finish(): void;
  /** A line said at once (a step with nothing to count). */
  say(line: string): void;
}

export const silentProgress: CopyProgress = {
  start() {},
  advance() {},
  finish() {},
  say() {},
};

export interface PrintedProgressOptions {
  /** Writes text as given (the lines carry their own line ends). */
  write: (text: string) => void;
  /** Rewrites one line in place (a terminal) rather than printing a line each time. */
  tty?: boolean;
  /** Least time between two progress lines, in ms; default 2000. */
  everyMs?: number;
  /** The clock, in ms. */
  now?: () => number;
}

const count = new Intl.NumberFormat("en");

/** "42 s", "3 min 20 s", "1 h 05 min": how long, in words an operator reads at a glance. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

export function printedProgress(opts: PrintedProgressOptions): CopyProgress {
  const everyMs = opts.everyMs ?? 2000;
  const now = opts.now ?? (() => performance.now());
  let stretch: { what: string; total: number; unit: ProgressUnit; done: number; t0: number } | null = null;
  let lastLine = 0;
  let open = false; // a rewritten line is on the terminal, not yet ended
  const line = (text: string, final: boolean) => {
    if (opts.tty) {
      opts.write(`\r\x1b[K${text}${final ? "\n" : ""}`);
      open = !final;
    } else opts.write(`${text}\n`);
  };
  const finish = () => {
    if (!stretch) return;
    const { what, done, unit, t0 } = stretch;
    stretch = null;
    const secs = (now() - t0) / 1000;
    const rate = secs > 0 ? `, ${count.format(Math.round(done / secs))} ${unit}/s` : "";
    if (done > 0 || open) line(`${what}: ${count.format(done)} ${unit} in ${duration(secs)}${rate}`, true);
  };
  return {
    start(what, total, unit) {
      finish();
      stretch = { what, total, unit, done: 0, t0: now() };
      lastLine = stretch.t0;
    },
    advance(n) {
      if (!stretch) return;
      stretch.done += n;
      const t = now();
      if (t - lastLine < everyMs) return;
      lastLine = t;
      const { what, total, unit, done, t0 } = stretch;
      const perSecond = done / ((t - t0) / 1000);
      const share = total > 0 ? ` (${Math.min(100, Math.floor((100 * done) / total))}%)` : "";
      const left =
        perSecond > 0 && total > done ? `, about ${duration((total - done) / perSecond)} left` : "";
      line(
        `${what}: ${count.format(done)} of ${count.format(total)} ${unit}${share}, ` +
          `${count.format(Math.round(perSecond))} ${unit}/s${left}`,
        false,
      );
    },
    finish,
    say(text) {
      finish();
      line(text, true);
    },
  };
}

/**
 * Rows the copy of these tables will walk: each table's rows after the point an interrupted run
 * reached (all of them on a first run).
 */
export function rowsToCopy(source: Reader, tables: TablePlan[], resume: Map<string, SqlValue[]>): number {
  let total = 0;
  for (const table of tables) {
    const after = resume.get(table.name);
    const keys = table.pageKey.map((k) => `"${k}"`).join(", ");
    const where = after ? ` WHERE (${keys}) > (${after.map(() => "?").join(", ")})` : "";
    total +=
      source.get<{ n: number }>(`SELECT count(*) AS n FROM "${table.name}"${where}`, after ?? [])?.n ?? 0;
  }
  return total;
}
