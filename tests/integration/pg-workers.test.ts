/**
 * WORKERS=2 on PostgreSQL (one throwaway cluster for the file): one primary forks two app processes
 * on one port, replaces one that dies, and stops them all on SIGTERM.
 */
import { afterAll, expect, it } from "vitest";
import { type AppProcess, spawnApp } from "../helpers/app-process.js";
import { pgBackend } from "../helpers/pg-backend.js";

const backends = pgBackend();
afterAll(() => backends.close());

/** Resolves once `app` has printed `count` lines containing `text`; returns those lines. */
async function linesWith(app: AppProcess, text: string, count: number): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    const lines = app
      .output()
      .split("\n")
      .filter((l) => l.includes(text));
    if (lines.length >= count) return lines;
    if (app.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${count} lines with ${text}: ${app.output()}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const PG_APP = ["tests/helpers/pg-app-process.ts"];

it("starts that many app processes on one port, replaces one that dies, and SIGTERM stops them all", async () => {
  const databaseUrl = (await backends.databaseUrl("pg"))!;
  // The directory alone keeps each start short; the wait-time module starts the same way.
  const primary = spawnApp(PG_APP, { DATABASE_URL: databaseUrl, WORKERS: "2", APP_MODULES: "directory" });
  try {
    const started = (await linesWith(primary, '"listening"', 2)).map((l) => JSON.parse(l));
    expect(new Set(started.map((l) => l.url)).size).toBe(1);
    const [first, second] = started.map((l) => l.pid as number);
    expect(first).not.toBe(second);
    const base = started[0].url;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    process.kill(first, "SIGKILL");
    const replaced = JSON.parse((await linesWith(primary, '"listening"', 3))[2]);
    expect([first, second]).not.toContain(replaced.pid);
    expect(primary.output()).toContain("worker died; restarting it");
    expect((await fetch(`${base}/api/v1/services?limit=1`)).status).toBe(200);

    expect(await primary.stop()).toBe(0);
    expect(alive(second)).toBe(false);
    expect(alive(replaced.pid)).toBe(false);
    expect(primary.output()).not.toContain(databaseUrl);
  } finally {
    await primary.stop();
  }
}, 60_000);
