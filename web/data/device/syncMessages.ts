// What the page and the sync worker (syncWorker.ts) say to each other: the page starts a sync and,
// while a first sync runs, asks for what it has received so far; the worker says how far it got.
import type { PackedSearchIndex } from "../../../shared/directory/packed-index";
import type { FetchedRegistry } from "../waittimes/fetchRegistry";

export type ToSyncWorker =
  /** Run both syncs; with the registry the page fetched just now, saved instead of fetched again. */
  | { type: "sync"; registry?: FetchedRegistry }
  /** The index of the services received so far by the running first sync. */
  | { type: "index"; ask: number }
  /** The texts (savedService.ts JSON) of these received services. */
  | { type: "services"; ask: number; ids: string[] };

export type FromSyncWorker =
  /** The running first sync holds `size` services so far (sent after every page). */
  | { type: "received"; size: number }
  /** The directory's part of the sync ended (error: null when it succeeded). */
  | { type: "directory"; error: string | null }
  /** Both parts ended: the directory and the hospital registry. */
  | { type: "synced" }
  | { type: "index"; ask: number; index: PackedSearchIndex | null }
  | { type: "services"; ask: number; texts: Array<[string, string]> };
