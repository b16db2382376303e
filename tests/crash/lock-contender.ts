/**
 * Child process for the lock race. On `{ op: "race", file, go, delayUs }` it polls until the
 * file `go` exists (all contenders see it within microseconds of each other), spins a further
 * `delayUs` microseconds (a jitter the parent varies, so the contenders' steps interleave
 * differently each round), takes the writer lock and reports `{ held: true }` or
 * `{ held: false, error }`. `{ op: "release", file }` lets a winner go (answered `{ released }`),
 * so the same processes race again in the next round.
 */
import fs from "node:fs";
import { acquireLock, releaseLock } from "../../server/db/lock.js";

interface Race {
  op: "race";
  file: string;
  go: string;
  delayUs: number;
}

process.on("message", async (msg: Race | { op: "release"; file: string }) => {
  if (msg.op === "release") {
    releaseLock(msg.file);
    process.send?.({ released: true });
    return;
  }
  while (!fs.existsSync(msg.go)) {
    // Busy wait: a timer or a watcher would wake each contender at a different moment.
  }
  const until = performance.now() + msg.delayUs / 1000;
  while (performance.now() < until) {
    // Jitter, to the microsecond.
  }
  try {
    const held = await acquireLock(msg.file);
    process.send?.({ held: held === true, error: held ? undefined : "lock not taken" });
  } catch (err) {
    process.send?.({ held: false, error: (err as Error).message });
  }
});
process.send?.({ ready: true });
