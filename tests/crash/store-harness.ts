/**
 * Child process for the crash test: serves one durable store over node:http on a loopback port
 * (printed as `PORT <n>` on stdout). POST /write?k=<key> answers 200 only after the write is
 * durable; GET /state returns every key and the transaction counter. The test SIGKILLs it at
 * random moments; small checkpoint thresholds make kills land inside checkpoints too.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createStore } from "../../server/db/store.js";
import type { StoreLogger } from "../../server/db/types.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: store-harness.ts <dataDir>");

const logger: StoreLogger = {
  info: () => {},
  warn: (obj, msg) => process.stderr.write(`WARN ${msg} ${JSON.stringify(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`ERROR ${msg} ${JSON.stringify(obj)}\n`),
};

const store = await createStore({
  dataDir,
  name: "crash",
  logger,
  checkpointJournalBytes: 24 * 1024,
  checkpointIntervalMs: 250,
  migrations: [
    {
      version: 1,
      name: "create_acked",
      up: "CREATE TABLE acked (k TEXT PRIMARY KEY, pad TEXT NOT NULL); CREATE TABLE totals (n INTEGER NOT NULL); INSERT INTO totals VALUES (0);",
      down: "DROP TABLE acked; DROP TABLE totals;",
    },
  ],
});

const pad = "p".repeat(400);
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "POST" && url.pathname === "/write") {
    const key = url.searchParams.get("k") ?? "";
    store
      .write((tx) => {
        tx.run("INSERT INTO acked (k, pad) VALUES (?, ?)", [key, pad]);
        tx.run("UPDATE totals SET n = n + 1");
      })
      .then(
        () => res.writeHead(200).end("ok"),
        (err: Error) => res.writeHead(503).end(err.message),
      );
    return;
  }
  if (req.method === "GET" && url.pathname === "/state") {
    const keys = store.all<{ k: string }>("SELECT k FROM acked").map((r) => r.k);
    const n = store.get<{ n: number }>("SELECT n FROM totals")?.n ?? -1;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys, n }));
    return;
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 10_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`);
});
