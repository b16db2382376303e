/**
 * A full garbage collection on demand, for the moments a search worker has just dropped a lot
 * (the blocks and growth chunks of a build, a repacked index): left to V8's own pace, that
 * memory can stay with the process for minutes while the thread sits idle between searches.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (() => void) | undefined;

export function releaseMemory(): void {
  gc?.();
}
