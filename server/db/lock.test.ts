import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function lockPath() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  dirs.push(dir);
  return path.join(dir, "t.lock");
}

describe("writer lock", () => {
  it("refuses while a live process holds it and takes over once that process is gone", async () => {
    const file = lockPath();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8");
    const started = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    fs.writeFileSync(file, `${child.pid} ${started}\n`);
    await expect(acquireLock(file)).rejects.toThrow(StoreLockedError);
    await expect(acquireLock(file)).rejects.toThrow(new RegExp(`process ${child.pid}`));
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    expect(await acquireLock(file)).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`^${process.pid} \\d+`));
    releaseLock(file);
    // Nothing is left behind: neither the lock nor this process's own identity file.
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it("takes over a lock whose pid now belongs to another process (pid reused after a restart)", async () => {
    const file = lockPath();
    // Our parent is alive, but it started at another time than the lock records.
    fs.writeFileSync(file, `${process.ppid} 1\n`);
    expect(await acquireLock(file)).toBe(true);
    await expect(acquireLock(file)).rejects.toThrow(/already open in this process/);
    releaseLock(file);
  });

  it("takes over a lock file that names nobody (empty or unreadable content)", async () => {
    const file = lockPath();
    fs.writeFileSync(file, "");
    expect(await acquireLock(file)).toBe(true);
    releaseLock(file);
    fs.writeFileSync(file, "not a pid\n");
    expect(await acquireLock(file)).toBe(true);
    releaseLock(file);
  });

  it("answers false (no lock) when the folder cannot be written", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
    dirs.push(dir);
    // A regular file where the folder should be: creating anything inside fails (ENOTDIR).
    const notADir = path.join(dir, "file");
    fs.writeFileSync(notADir, "");
    expect(await acquireLock(path.join(notADir, "t.lock"))).toBe(false);
  });
});
