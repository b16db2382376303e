/**
 * Entry of the search worker thread. The index code is TypeScript, and a worker does not inherit
 * the main thread's tsx loader, so this plain module registers tsx for the thread first.
 */
import { register } from "tsx/esm/api";

register();
await import("./search-worker.ts");
