/**
 * The append side of `<name>.journal`: one record per committed transaction, written at the end of
 * the intact prefix and fdatasynced before the transaction commits in memory. If the disk refuses
 * (ENOSPC, EIO, EROFS...), the partial tail is cut back and the file is reopened on the next
 * append, so a recovered disk is picked up without a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { fsyncDir } from "./journal-codec.mjs";

function writeAt(fd: number, buf: Buffer, off: number, position: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.write(fd, buf, off, buf.length - off, position, (err, written) =>
      err ? reject(err) : resolve(written),
    ),
  );
}

function openAsync(file: string, flags: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.open(file, flags, 0o644, (err, fd) => (err ? reject(err) : resolve(fd))),
  );
}

export class JournalFile {
  private fd: number | null = null;
  /** true once the journal was opened: later opens are reopens after a refused append. */
  private reopening = false;
  /** Bytes of intact, durable records: the next record is written here. */
  size = 0;

  /**
   * `intactBytes`: where recovery found the intact prefix to end. Anything after it (a tail that
   * could not be cut at open) is cut on open, never appended after.
   */
  constructor(
    readonly file: string,
    intactBytes?: number,
  ) {
    if (intactBytes !== undefined) {
      this.size = intactBytes;
      this.reopening = true;
    }
  }

  /** Opens (creating if needed) the journal; `size` becomes the current length of the file. */
  open(): void {
    const existed = fs.existsSync(this.file);
    const fd = fs.openSync(this.file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
    try {
      const st = fs.fstatSync(fd);
      if (st.isFile()) {
        // After a failed append the file may hold a partial record past the intact prefix.
        if (this.reopening && st.size > this.size) fs.ftruncateSync(fd, this.size);
        else this.size = st.size;
      }
      if (!existed) fsyncDir(path.dirname(this.file));
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
    this.fd = fd;
    this.reopening = true;
  }

  get isOpen(): boolean {
    return this.fd !== null;
  }

  /**
   * Appends one record and makes it durable, off the main thread (libuv pool): a slow disk
   * delays this write's answer, never other requests. Rejects with the fs error if the disk
   * refuses. The caller (the write queue) never runs two appends at once.
   */
  async append(record: Buffer): Promise<void> {
    if (this.fd === null) this.open();
    const fd = this.fd as number;
    try {
      let off = 0;
      while (off < record.length) off += await writeAt(fd, record, off, this.size + off);
      await new Promise<void>((resolve, reject) =>
        fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())),
      );
      this.size += record.length;
    } catch (err) {
      this.abandon(fd);
      throw err;
    }
  }

  /**
   * Moves the journal aside (for a checkpoint) and starts an empty one in its place. The rename,
   * create and folder fsync run on the libuv pool: a busy disk must not stall request handling.
   * The caller (the write queue) runs no append meanwhile.
   */
  async rotate(target: string): Promise<void> {
    this.close();
    await fs.promises.rename(this.file, target);
    this.size = 0;
    this.reopening = false;
    const fd = await openAsync(this.file, fs.constants.O_RDWR | fs.constants.O_CREAT);
    try {
      const dir = await openAsync(path.dirname(this.file), fs.constants.O_RDONLY);
      try {
        await new Promise<void>((resolve, reject) => fs.fsync(dir, (err) => (err ? reject(err) : resolve())));
      } finally {
        fs.close(dir, () => {});
      }
    } catch (err) {
      fs.close(fd, () => {});
      throw err;
    }
    this.fd = fd;
    this.reopening = true;
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    fs.closeSync(fd);
  }

  /** Drops a handle the disk refused: cut any partial record, reopen on the next append. */
  private abandon(fd: number): void {
    try {
      fs.ftruncateSync(fd, this.size);
    } catch {
      // The reopen in `open()` cuts the tail again.
    }
    try {
      fs.closeSync(fd);
    } catch {
      // Already unusable.
    }
    this.fd = null;
  }
}
