/**
 * Runs checkpoint-worker.mjs in a worker thread: it rebuilds `<name>.sqlite` (or a backup file)
 * from the last checkpoint plus the rotated journal(s), so the seconds-long export of a large
 * database happen off the main thread. A new worker per run: its memory is freed when it ends.
 */
import { Worker } from "node:worker_threads";

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
