// The sync worker: runs the directory's and the hospital registry's syncs (directory/sync.ts,
// waittimes/sync.ts) off the page's thread. Downloading, parsing, indexing and writing 10,000
// services to IndexedDB takes seconds of CPU on a phone; on the page's thread that time blocked
// taps and scrolling on the first visit. While a first sync runs, the page may ask for what has
// been received so far (its index and the texts of some services) to search it before it is saved.
import type { SearchIndexBuilder } from "../../../shared/directory/index-builder";
import type { PackedSearchIndex } from "../../../shared/directory/packed-index";
import type { ServiceChanges } from "../directory/serviceBuckets";
import { syncDirectory } from "../directory/sync";
import type { FetchedRegistry } from "../waittimes/fetchRegistry";
import { syncWaitTimes } from "../waittimes/sync";
import type { FromSyncWorker, ToSyncWorker } from "./syncMessages";

// The DOM's typings describe a window; a dedicated worker posts to its page with one argument.
const scope = self as unknown as {
  postMessage(message: FromSyncWorker): void;
  addEventListener(type: "message", listener: (event: MessageEvent<ToSyncWorker>) => void): void;
};
const post = (message: FromSyncWorker) => scope.postMessage(message);

/** What the running first sync has received (undefined outside a first sync). */
let received: { builder: SearchIndexBuilder; changes: ServiceChanges } | undefined;

async function sync(registry: FetchedRegistry | undefined): Promise<void> {
  const directory = syncDirectory({
    onReceived: (builder, changes) => {
      received = { builder, changes };
      post({ type: "received", size: builder.size });
    },
  }).then(
    () => post({ type: "directory", error: null }),
    (error: unknown) => post({ type: "directory", error: String(error) }),
  );
  // Each keeps its error in syncState and the next chance retries; one failing does not stop the other.
  await Promise.allSettled([directory.finally(() => (received = undefined)), syncWaitTimes(registry)]);
  post({ type: "synced" });
}

async function indexSoFar(ask: number): Promise<void> {
  const builder = received?.builder;
  // Answered in every case: the page's search waits for it (null sends it to the saved copy).
  let index: PackedSearchIndex | null = null;
  try {
    const { packSearchIndex } = await import("../../../shared/directory/packed-index");
    if (builder && builder.size > 0) index = packSearchIndex(builder.build());
  } finally {
    post({ type: "index", ask, index });
  }
}

function servicesSoFar(ask: number, ids: string[]): void {
  const texts: Array<[string, string]> = [];
  for (const id of ids) {
    const text = received?.changes.get(id);
    if (text) texts.push([id, text]);
  }
  post({ type: "services", ask, texts });
}

scope.addEventListener("message", ({ data }) => {
  if (data.type === "sync") void sync(data.registry);
  else if (data.type === "index") void indexSoFar(data.ask);
  else servicesSoFar(data.ask, data.ids);
});
