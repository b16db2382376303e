/**
 * Rebuilds `<name>.sqlite` (or a backup file) from the last checkpoint plus the rotated
 * journal(s) (fold.mjs). A large store folds in checkpoint-worker.mjs, a new worker thread per
 * run, so the seconds-long export happens off the main thread and its memory is freed when it
 * ends. A small one folds on the calling thread: starting a worker (a new V8 isolate that loads
 * sql.js and compiles its wasm) costs more CPU than loading, replaying and exporting a store of a
 * megabyte or two (figures below). Its file is written on the libuv pool all the same.
 */
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { writeFileDurablyAsync } from "./durable-files.mjs";
import { foldJournals } from "./fold.mjs";
import { loadSqlJs } from "./journal-codec.mjs";

export interface WorkerJob {
  dbFile: string;
  journals: string[];
  outFile: string;
  tmpFile: string;
}

export interface WorkerResult {
  lastSeq: number;
  bytes: number;
}

export class CheckpointError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const workerUrl = new URL("./checkpoint-worker.mjs", import.meta.url);

/**
 * Above this many bytes (the checkpoint file plus the journals to fold), the fold runs in a worker.
 * Measured on 2 cores: a worker run costs 130–190 ms of CPU whatever the size; in-thread, a 1 MB
 * store costs 10–15 ms and holds the event loop 6–7 ms, a 3.7 MB one 8–16 ms.
 */
export const IN_THREAD_FOLD_BYTES = 2 * 1024 * 1024;

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    // Missing (no checkpoint yet) or unreadable: the fold itself reports what matters.
    return 0;
  }
}

/** Whether `job` is small enough to fold on the calling thread. */
export function foldsOnThisThread(job: WorkerJob, inThreadBytes = IN_THREAD_FOLD_BYTES): boolean {
  return [job.dbFile, ...job.journals].reduce((sum, file) => sum + sizeOf(file), 0) <= inThreadBytes;
}

/**
 * Folds `job.journals` into `job.dbFile` and writes the result to `job.outFile`, durably: in a
 * worker above `inThreadBytes`, on this thread otherwise.
 */
export async function runCheckpoint(
  job: WorkerJob,
  inThreadBytes = IN_THREAD_FOLD_BYTES,
): Promise<WorkerResult> {
  if (!foldsOnThisThread(job, inThreadBytes)) return runCheckpointWorker(job);
  try {
    const folded = foldJournals(await loadSqlJs(), job.dbFile, job.journals);
    await writeFileDurablyAsync(job.outFile, job.tmpFile, folded.bytes);
    return { lastSeq: folded.lastSeq, bytes: folded.bytes.length };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CheckpointError(String(e?.message ?? err), e?.code ?? null);
  }
}

export function runCheckpointWorker(job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: job });
    let settled = false;
    worker.once(
      "message",
      (msg: { ok: boolean; lastSeq: number; bytes: number; message?: string; code?: string | null }) => {
        settled = true;
        if (msg.ok) resolve({ lastSeq: msg.lastSeq, bytes: msg.bytes });
        else reject(new CheckpointError(msg.message ?? "checkpoint failed", msg.code ?? null));
      },
    );
    worker.once("error", (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new CheckpointError(`checkpoint worker exited with code ${code}`, null));
      settled = true;
    });
  });
}
