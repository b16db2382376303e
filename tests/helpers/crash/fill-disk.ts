/**
 * A real full disk for the fault tests: a small tmpfs mounted on a temporary folder (the tests run
 * as root), and a filler file written until the filesystem refuses.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Mounts a tmpfs of `size` ("16m") on `mountPoint`; `unmountTmpfs` takes it away again. */
export function mountTmpfs(mountPoint: string, size: string): void {
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", mountPoint]);
}

export function unmountTmpfs(mountPoint: string): void {
  execFileSync("umount", [mountPoint]);
}

/** Writes `filler` until the filesystem refuses: large blocks first, then small ones for the last pages. */
export function fillDisk(filler: string): void {
  const fd = fs.openSync(filler, "w");
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const block = Buffer.alloc(size, 0x78);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}
