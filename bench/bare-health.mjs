// The reference for the health benchmark: a bare node:http server answering the same JSON.
import http from "node:http";

const body = JSON.stringify({ status: "ok", checks: { db: "ok" } });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
