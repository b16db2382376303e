import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  backUpHeldFiles,
  backupPathOf,
  checkHeldFiles,
  restoredPathOf,
  restoreHeldFiles,
} from "./backup-files.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "held-files-"));
  dirs.push(dir);
  return dir;
}
function put(root: string, rel: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), bytes);
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("held files in a backup", () => {
  it("names a file missing or shorter than its rows need, and nothing else", () => {
    const root = tempDir();
    put(root, "jobs/1/a.warc.gz", Buffer.alloc(100));
    put(root, "jobs/1/b.warc.gz", Buffer.alloc(50));
    const problems = checkHeldFiles(root, [
      { path: "jobs/1/a.warc.gz", bytes: 100 },
      { path: "jobs/1/b.warc.gz", bytes: 80 },
      { path: "jobs/2/c.warc.gz", bytes: 1 },
      { path: "jobs/1/index.cdxj" },
    ]);
    expect(problems).toEqual([
      "jobs/1/b.warc.gz (50 bytes; the records it holds need at least 80)",
      "jobs/2/c.warc.gz (missing)",
    ]);
  });

  it("copies with size and SHA-256, leaves out a vanished file no row needs, and stops on a needed one", async () => {
    const root = tempDir();
    const target = tempDir();
    const warc = Buffer.from("WARC/1.1 record bytes");
    put(root, "jobs/1/a.warc.gz", warc);
    const copied = await backUpHeldFiles(target, "archive", root, [
      { path: "jobs/1/a.warc.gz", bytes: warc.length },
      { path: "jobs/1/index.cdxj.tmp" },
    ]);
    expect(copied).toEqual([{ path: "jobs/1/a.warc.gz", bytes: warc.length, sha256: sha(warc) }]);
    expect(fs.readFileSync(backupPathOf(target, "archive", "jobs/1/a.warc.gz"))).toEqual(warc);
    await expect(
      backUpHeldFiles(target, "archive", root, [{ path: "jobs/9/gone.warc.gz", bytes: 1 }]),
    ).rejects.toThrow(/ENOENT/);
  });

  it("restores only copies whose digest the manifest records, and never outside the root", async () => {
    const root = tempDir();
    const backup = tempDir();
    const warc = Buffer.from("the captured bytes");
    const entry = { path: "jobs/1/a.warc.gz", bytes: warc.length, sha256: sha(warc) };
    fs.mkdirSync(path.dirname(backupPathOf(backup, "archive", entry.path)), { recursive: true });
    // A backup copy damaged after it was made: refused, and nothing is left under the root.
    fs.writeFileSync(backupPathOf(backup, "archive", entry.path), Buffer.from("the captured bytez"));
    await expect(restoreHeldFiles(backup, "archive", root, [entry])).rejects.toThrow(/damaged backup/);
    expect(fs.existsSync(path.join(root, entry.path))).toBe(false);
    fs.writeFileSync(backupPathOf(backup, "archive", entry.path), warc);
    expect(await restoreHeldFiles(backup, "archive", root, [entry])).toBe(warc.length);
    expect(fs.readFileSync(path.join(root, entry.path))).toEqual(warc);
    expect(() => restoredPathOf(root, "../elsewhere/a.warc.gz")).toThrow(/not under the files' folder/);
  });
});
