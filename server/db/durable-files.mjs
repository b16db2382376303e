/**
 * File operations that must survive a crash, shared by the main thread and the checkpoint
 * worker: bounded journal reads, directory fsync, and write-temp-fsync-rename (blocking, for the
 * worker and the CLI; on the libuv pool, for the main thread of a server).
 */
import fs from "node:fs";
import path from "node:path";

/**
 * Reads a journal file, bounded by its size at open (a character device such as /dev/full reads
 * as empty). A missing file reads as empty.
 */
export function readJournalFile(file) {
  let fd;
  try {
    fd = fs.openSync(file, "r");
  } catch (err) {
    if (err.code === "ENOENT") return Buffer.alloc(0);
    throw err;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return Buffer.alloc(0);
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = fs.readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsyncs a directory so that a rename or a new file inside it survives a crash. */
export function fsyncDir(dir) {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `bytes` to `tmp`, fsyncs it, renames it over `target` and fsyncs the directory.
 * With `syncEveryBytes`, data is flushed in slices: one huge flush at the end would make the
 * journal's fdatasync on the main thread wait behind hundreds of MB (ext4 orders data before
 * the metadata commit both need).
 */
export function writeFileDurably(target, tmp, bytes, syncEveryBytes = 0) {
  try {
    const fd = fs.openSync(tmp, "w");
    try {
      let off = 0;
      let unsynced = 0;
      while (off < bytes.length) {
        const len = Math.min(bytes.length - off, syncEveryBytes || bytes.length);
        const n = fs.writeSync(fd, bytes, off, len);
        off += n;
        unsynced += n;
        if (syncEveryBytes && unsynced >= syncEveryBytes) {
          fs.fdatasyncSync(fd);
          unsynced = 0;
        }
      }
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, target);
  } catch (err) {
    try {
      fs.unlinkSync(tmp);
    } catch {
      // Nothing to clean up.
    }
    throw err;
  }
  fsyncDir(path.dirname(target));
}

/**
 * writeFileDurably on the libuv pool, for a server's main thread: its requests keep being answered
 * while the disk flushes. For files small enough to write in one go (no flushing in slices).
 */
export async function writeFileDurablyAsync(target, tmp, bytes) {
  try {
    const handle = await fs.promises.open(tmp, "w");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, target);
  } catch (err) {
    await fs.promises.unlink(tmp).catch(() => undefined);
    throw err;
  }
  const dir = await fs.promises.open(path.dirname(target), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
