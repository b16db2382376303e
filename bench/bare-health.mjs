// The references for the request-path benchmarks: a server answering each path with fixed bytes.
// `node bench/bare-health.mjs [bodies.json [headers.json [node|hono]]]`
// - bodies.json: path -> body text, byte for byte what our server sent (without it, the health body);
// - headers.json: path -> the header record our server sent with it (without it, only
//   Content-Type and Content-Length, which is what "bare" means in the benchmark's goals);
// - node (default) answers with node:http alone; hono answers through a Hono app on
//   @hono/node-server, as our server does, with no middleware: what the framework costs by itself.
// Both servers under the same headers as ours show how much of the gap is the headers we must send,
// how much the framework, and how much our own code.
import { readFileSync } from "node:fs";
import http from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const [bodiesFile, headersFile, kind = "node"] = process.argv.slice(2);
const bodies = bodiesFile
  ? JSON.parse(readFileSync(bodiesFile, "utf8"))
  : { "/api/health": JSON.stringify({ status: "ok", checks: { db: "ok" } }) };
const ourHeaders = headersFile ? JSON.parse(readFileSync(headersFile, "utf8")) : null;
const fallback = Object.keys(bodies)[0];
const headersOf = (path) =>
  ourHeaders?.[path] ?? {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(bodies[path]),
  };

const listening = (port) => console.log(`listening on http://127.0.0.1:${port}`);
let server;
if (kind === "hono") {
  const app = new Hono();
  app.get("*", (c) => {
    const path = bodies[c.req.path] === undefined ? fallback : c.req.path;
    return new Response(bodies[path], { status: 200, headers: headersOf(path) });
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => listening(info.port));
} else {
  server = http.createServer((req, res) => {
    const path = bodies[req.url] === undefined ? fallback : req.url;
    res.writeHead(200, headersOf(path));
    res.end(bodies[path]);
  });
  server.listen(0, "127.0.0.1", () => listening(server.address().port));
}
process.on("SIGTERM", () => server.close(() => process.exit(0)));
