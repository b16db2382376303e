// The reference for the request-path benchmarks: a bare node:http server answering the same JSON.
// With a file argument (a JSON object of path -> body text), it answers each of those paths with
// that body, byte for byte what our server sent; without one, the health body.
import { readFileSync } from "node:fs";
import http from "node:http";

const bodies = process.argv[2]
  ? JSON.parse(readFileSync(process.argv[2], "utf8"))
  : { "/api/health": JSON.stringify({ status: "ok", checks: { db: "ok" } }) };
const fallback = Object.values(bodies)[0];
const server = http.createServer((req, res) => {
  const body = bodies[req.url] ?? fallback;
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
