/**
 * `/metrics` for the whole deployment when `chc serve` runs WORKERS=N app processes (node:cluster):
 * each process keeps its own prom-client registries, so a scrape answered by one of them saw only
 * its share (a counter read 6, 7, 6, 7 on successive scrapes). The worker that gets the scrape asks
 * the primary, which collects every worker's families (prom-client's AggregatorRegistry) and
 * answers with the aggregate: counters and histograms summed, figures every process reads from
 * the shared database taken once (their `aggregator: "first"`). One process alone answers from
 * its own registries as before.
 */
import cluster from "node:cluster";
import { AggregatorRegistry, Registry } from "prom-client";

const REQUEST = "chc:cluster-metrics-request";
const ANSWER = "chc:cluster-metrics-answer";
/** prom-client gives up on a worker after 5 s; the asking worker waits a little longer. */
const ANSWER_WITHIN_MS = 7_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  contentType?: string;
  error?: string;
}

/** In the primary: answers each worker's request with every worker's metrics, aggregated. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    const reply = (answer: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text, contentType: aggregator.contentType }),
      (err) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();
let listening = false;

function askPrimary(): Promise<Answer> {
  if (!listening) {
    listening = true;
    process.on("message", (message: Answer) => {
      if (message?.type === ANSWER) waiting.get(message.id)?.(message);
    });
  }
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => done({ type: ANSWER, id, error: "the primary process did not answer in time" }),
      ANSWER_WITHIN_MS,
    );
    const done = (answer: Answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(answer);
    };
    waiting.set(id, done);
    process.send?.({ type: REQUEST, id });
  });
}

/**
 * The text of `/metrics`: in a cluster worker, every worker's `registries()` aggregated by the
 * primary (this process hands its own over when the primary collects); else this process's own.
 */
export async function deploymentMetrics(
  registries: () => Registry,
): Promise<{ text: string; contentType: string }> {
  if (!cluster.isWorker) {
    const own = registries();
    return { text: await own.metrics(), contentType: own.contentType };
  }
  const answer = await askPrimary();
  if (answer.error !== undefined || answer.text === undefined)
    throw new Error(`metrics of the app processes could not be collected: ${answer.error}`);
  return { text: answer.text, contentType: answer.contentType ?? registries().contentType };
}

/**
 * In a cluster worker: what this process hands the primary when it collects, read at each
 * collection (a module may register its families after this is called).
 */
export function shareWithCluster(registries: () => Registry): void {
  if (!cluster.isWorker) return;
  const live = new Registry();
  live.getMetricsAsJSON = () => registries().getMetricsAsJSON();
  AggregatorRegistry.setRegistries([live]);
  // Making one is what has prom-client answer the primary's collection in a worker.
  new AggregatorRegistry();
}
