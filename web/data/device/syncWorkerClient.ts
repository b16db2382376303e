// The page's side of the sync worker (syncWorker.ts): starts it on first use, runs one sync at a
// time in it, and while a first sync runs there, lets offline search (directory/deviceIndex.ts) ask
// for what it has received so far: the index of it, and the texts of the services a search shows.
import type { SearchIndex } from "../../../shared/directory/search-index";
import { type ReceivedSoFar, receivingFirstSync } from "../directory/firstSyncSoFar";
import type { SavedService } from "../directory/savedService";
import type { FetchedRegistry } from "../waittimes/fetchRegistry";
import type { FromSyncWorker, ToSyncWorker } from "./syncMessages";
import { workerQuestions } from "./workerQuestions";

type IndexAnswer = Extract<FromSyncWorker, { type: "index" }>;
type ServicesAnswer = Extract<FromSyncWorker, { type: "services" }>;

let worker: Worker | undefined;
/** Questions waiting for the worker's answer, each with what to answer if the worker goes away. */
const questions = workerQuestions<FromSyncWorker>();
let running: { onDirectory: (error: string | null) => void; done: () => void } | undefined;

function send(message: ToSyncWorker): void {
  theWorker().postMessage(message);
}

function ask<T extends FromSyncWorker>(
  question: (ask: number) => ToSyncWorker,
  unanswered: (ask: number) => T,
): Promise<T> {
  return questions.ask((n) => send(question(n)), unanswered) as Promise<T>;
}

/** The running first sync's services so far: the index is built once per page received. */
function soFar(size: number): ReceivedSoFar {
  let index: Promise<SearchIndex | null> | undefined;
  return {
    size,
    index: () => {
      if (!index) {
        index = ask<IndexAnswer>(
          (n) => ({ type: "index", ask: n }),
          (n) => ({ type: "index", ask: n, index: null }),
        ).then(async ({ index: packed }) =>
          (await import("../../../shared/directory/packed-index")).unpackSearchIndex(packed),
        );
      }
      return index;
    },
    services: async (ids) => {
      const { texts } = await ask<ServicesAnswer>(
        (n) => ({ type: "services", ask: n, ids: [...ids] }),
        (n) => ({ type: "services", ask: n, texts: [] }),
      );
      return new Map(texts.map(([id, text]) => [id, JSON.parse(text) as SavedService]));
    },
  };
}

function onMessage({ data }: MessageEvent<FromSyncWorker>): void {
  if (data.type === "received") receivingFirstSync(soFar(data.size));
  else if (data.type === "directory") {
    // Written (or given up): searches read the device's copy again.
    receivingFirstSync(undefined);
    running?.onDirectory(data.error);
  } else if (data.type === "synced") running?.done();
  else questions.answer(data.ask, data);
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./syncWorker.ts", import.meta.url), { type: "module" });
  started.addEventListener("message", onMessage);
  // A worker that cannot start (its script failed to load) ends the sync; the next chance retries.
  started.addEventListener("error", () => {
    worker = undefined;
    questions.abandon();
    receivingFirstSync(undefined);
    running?.onDirectory("the sync worker could not start");
    running?.done();
  });
  worker = started;
  return started;
}

/**
 * Runs the directory's and the registry's syncs in the worker; `onDirectory` is told when the
 * directory's ends (with its error, or null). Resolves when both have ended. With `registry` (the
 * copy the page fetched just now), the worker saves it instead of fetching the registry itself.
 */
export function syncInWorker(
  onDirectory: (error: string | null) => void,
  registry?: FetchedRegistry,
): Promise<void> {
  return new Promise((resolve) => {
    running = {
      onDirectory,
      done: () => {
        running = undefined;
        resolve();
      },
    };
    send(registry ? { type: "sync", registry } : { type: "sync" });
  });
}
