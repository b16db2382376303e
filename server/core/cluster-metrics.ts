/**
 * `/metrics` for the whole deployment when `chc serve` runs WORKERS=N app processes (node:cluster):
 * each process keeps its own prom-client registries, so a scrape answered by one of them saw only
 * its share (a counter read 6, 7, 6, 7 on successive scrapes). The worker that gets the scrape asks
 * the primary; the primary asks every worker that is listening for its families, waits at most
 * COLLECT_WITHIN_MS, and answers with those that came, aggregated by prom-client's
 * AggregatorRegistry.aggregate (counters and histograms summed, figures every process reads from
 * the shared database taken once: their `aggregator: "first"`). A worker still starting is not
 * asked, and one that does not answer in time (a stalled event loop) is left out rather than
 * failing the scrape: `chc_app_processes` and `chc_app_processes_reporting` say how many were
 * asked and answered. One process alone answers from its own registries.
 */
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, Gauge, type Registry } from "prom-client";

/** A process's families as prom-client's getMetricsAsJSON gives them. */
type Families = object[];

const REQUEST = "chc:metrics-request";
const ANSWER = "chc:metrics-answer";
const COLLECT = "chc:metrics-collect";
const COLLECTED = "chc:metrics-collected";
/** How long the primary waits for the workers' families before answering with those it has. */
const COLLECT_WITHIN_MS = 3_000;
/** The asking worker waits a little longer than the primary's collection. */
const ANSWER_WITHIN_MS = COLLECT_WITHIN_MS + 2_000;

type Message = { type?: string; id?: number; text?: string; contentType?: string; families?: Families };

/** In the primary: answers each worker's request with the listening workers' metrics, aggregated. */
export function serveClusterMetrics(): void {
  const listening = new Set<Worker>();
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker) => listening.delete(worker));
  let nextCollection = 0;
  const pending = new Map<number, (worker: Worker, families: Families) => void>();
  cluster.on("message", (worker, message: Message) => {
    if (message?.type === COLLECTED) {
      pending.get(message.id ?? -1)?.(worker, message.families ?? []);
      return;
    }
    if (message?.type !== REQUEST) return;
    const asked = [...listening].filter((w) => w.isConnected());
    const id = nextCollection++;
    const got = new Map<Worker, Families>();
    const finish = async () => {
      clearTimeout(timer);
      pending.delete(id);
      const registry = AggregatorRegistry.aggregate([...got.values()]);
      new Gauge({
        name: "chc_app_processes",
        help: "App processes listening when this scrape was collected",
        registers: [registry],
      }).set(asked.length);
      new Gauge({
        name: "chc_app_processes_reporting",
        help: "App processes whose figures this scrape holds (one still starting or stalled is left out)",
        registers: [registry],
      }).set(got.size);
      const text = await registry.metrics();
      if (worker.isConnected())
        worker.send({ type: ANSWER, id: message.id, text, contentType: registry.contentType });
    };
    const timer = setTimeout(() => void finish(), COLLECT_WITHIN_MS);
    pending.set(id, (from, families) => {
      got.set(from, families);
      if (got.size === asked.length) void finish();
    });
    for (const w of asked) w.send({ type: COLLECT, id });
    if (asked.length === 0) void finish();
  });
}

let nextId = 0;
const waiting = new Map<number, (answer: Message | null) => void>();
let answering: (() => Registry) | undefined;
let listeningToPrimary = false;

function listenToPrimary(): void {
  if (listeningToPrimary) return;
  listeningToPrimary = true;
  process.on("message", (message: Message) => {
    if (message?.type === ANSWER) waiting.get(message.id ?? -1)?.(message);
    else if (message?.type === COLLECT && answering) {
      const id = message.id;
      answering()
        .getMetricsAsJSON()
        .then(
          (families) => process.send?.({ type: COLLECTED, id, families }),
          () => process.send?.({ type: COLLECTED, id, families: [] }),
        );
    }
  });
}

function askPrimary(): Promise<Message | null> {
  listenToPrimary();
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (answer: Message | null) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), ANSWER_WITHIN_MS);
    waiting.set(id, done);
    process.send?.({ type: REQUEST, id });
  });
}

/**
 * The text of `/metrics`: in a cluster worker, the listening workers' `registries()` aggregated by
 * the primary; else this process's own.
 */
export async function deploymentMetrics(
  registries: () => Registry,
): Promise<{ text: string; contentType: string }> {
  if (!cluster.isWorker) {
    const own = registries();
    return { text: await own.metrics(), contentType: own.contentType };
  }
  const answer = await askPrimary();
  if (answer?.text === undefined)
    throw new Error(
      "metrics of the app processes could not be collected: the primary process did not answer",
    );
  return { text: answer.text, contentType: answer.contentType ?? registries().contentType };
}

/**
 * In a cluster worker: what this process hands the primary when it collects, read at each
 * collection (a module may register its families after this is called).
 */
export function shareWithCluster(registries: () => Registry): void {
  if (!cluster.isWorker) return;
  answering = registries;
  listenToPrimary();
}
