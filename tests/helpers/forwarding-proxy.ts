/**
 * A real reverse proxy on a loopback port, standing in for the nginx or load balancer an operator
 * puts in front of the server. Like nginx's `$proxy_add_x_forwarded_for`, it keeps whatever
 * X-Forwarded-For the client sent and appends the address it actually saw, so tests can check that
 * the server believes only what a trusted proxy added.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? "";
    const previous = req.headers["x-forwarded-for"];
    const headers = {
      ...req.headers,
      host: upstream.host,
      "x-forwarded-for": previous ? `${previous}, ${seen}` : seen,
    };
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
