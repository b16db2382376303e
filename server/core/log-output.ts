/**
 * Where the log lines go (standard output): memory first, the descriptor later, never in a
 * request's way. A line is appended to a buffer; chunks are written by one asynchronous write at
 * a time (at least `chunkChars`, or whatever waits every `flushMs`). The disk may refuse a write
 * (ENOSPC with the log on a full data disk, EIO, a closed pipe): the lines of that chunk are
 * dropped and counted, the error is kept for the health details, and the next chunk tries again,
 * so logging resumes by itself when space is freed. Nothing is ever thrown or emitted as 'error'
 * (an unhandled one stopped the whole server). The buffer is capped (`maxPendingChars`): while the
 * descriptor is slower than the lines, new lines are dropped and counted instead of held.
 */
import fs from "node:fs";

export interface LogOutputOptions {
  fd: number;
  chunkChars: number;
  flushMs: number;
  maxPendingChars: number;
}

export interface LogOutputStatus {
  /** Lines dropped since start: refused by the descriptor, or over the buffer's cap. */
  droppedLines: number;
  /** The last write's error ("ENOSPC: no space left on device, write"), null once a write succeeds. */
  lastError: string | null;
  lastErrorAt: string | null;
}

/** A descriptor that cannot take more now (a full pipe): the same chunk is tried again. */
const RETRY_LATER = new Set(["EAGAIN", "EWOULDBLOCK", "EBUSY"]);
const RETRY_MS = 100;
/** At exit a full pipe is waited for this long at most, then the rest is dropped. */
const EXIT_RETRIES = 50;
const EXIT_RETRY_MS = 10;
const NEWLINE = 0x0a;

function linesIn(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) n++;
  // A last line without its newline still counts as one.
  return chunk.length && chunk[chunk.length - 1] !== NEWLINE ? n + 1 : n;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class LogOutput {
  private pending: string[] = [];
  private pendingChars = 0;
  private writing = false;
  private flushWaiters: Array<() => void> = [];
  private dropped = 0;
  private lastError: string | null = null;
  private lastErrorAt: string | null = null;

  constructor(private readonly options: LogOutputOptions) {
    setInterval(() => this.writeNext(), options.flushMs).unref();
  }

  /** Never blocks and never throws; always true (pino must not wait for a 'drain'). */
  write(line: string): boolean {
    if (this.pendingChars + line.length > this.options.maxPendingChars) {
      this.dropped += linesIn(Buffer.from(line));
      return true;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= this.options.chunkChars) this.writeNext();
    return true;
  }

  /** Calls back once every line buffered so far was written or dropped (pino's `logger.flush`). */
  flush(callback?: (err?: Error) => void): void {
    if (callback) this.flushWaiters.push(() => callback());
    this.writeNext();
  }

  /**
   * At process exit: what is still buffered, written synchronously; a refusal drops it. An
   * asynchronous write still in flight cannot be waited for here, so an orderly stop awaits
   * `flush` first (main.ts) and this only catches lines logged after it.
   */
  flushSync(): void {
    let chunk = this.takePending();
    let retries = 0;
    while (chunk.length) {
      try {
        chunk = chunk.subarray(fs.writeSync(this.options.fd, chunk));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "";
        if (RETRY_LATER.has(code) && retries++ < EXIT_RETRIES) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, EXIT_RETRY_MS);
          continue;
        }
        this.refused(chunk, err);
        return;
      }
    }
  }

  status(): LogOutputStatus {
    return { droppedLines: this.dropped, lastError: this.lastError, lastErrorAt: this.lastErrorAt };
  }

  private takePending(): Buffer {
    const chunk = Buffer.from(this.pending.join(""));
    this.pending = [];
    this.pendingChars = 0;
    return chunk;
  }

  private writeNext(): void {
    if (this.writing) return;
    if (!this.pending.length) {
      for (const done of this.flushWaiters.splice(0)) done();
      return;
    }
    this.send(this.takePending());
  }

  private send(chunk: Buffer): void {
    this.writing = true;
    fs.write(this.options.fd, chunk, 0, chunk.length, null, (err, written) => {
      if (err && RETRY_LATER.has(err.code ?? "")) {
        setTimeout(() => this.send(chunk), RETRY_MS).unref();
        return;
      }
      if (!err && written < chunk.length) {
        this.send(chunk.subarray(written));
        return;
      }
      this.writing = false;
      if (err) this.refused(chunk, err);
      else this.lastError = null;
      // Waiting lines go out at once when a flush waits on them or a chunk's worth is ready.
      if (this.flushWaiters.length || this.pendingChars >= this.options.chunkChars) this.writeNext();
    });
  }

  private refused(chunk: Buffer, err: unknown): void {
    this.dropped += linesIn(chunk);
    this.lastError = describe(err);
    this.lastErrorAt = new Date().toISOString();
  }
}
