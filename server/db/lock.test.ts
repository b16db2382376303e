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
    expect(() => acquireLock(file)).toThrow(StoreLockedError);
    expect(() => acquireLock(file)).toThrow(new RegExp(`process ${child.pid}`));
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    expect(acquireLock(file)).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`^${process.pid} \\d+`));
    releaseLock(file);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("takes over a lock whose pid now belongs to another process (pid reused after a restart)", () => {
    const file = lockPath();
    // Our parent is alive, but it started at another time than the lock records.
    fs.writeFileSync(file, `${process.ppid} 1\n`);
    expect(acquireLock(file)).toBe(true);
    expect(() => acquireLock(file)).toThrow(/already open in this process/);
    releaseLock(file);
  });
});
