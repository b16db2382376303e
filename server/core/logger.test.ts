import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createAccessLogger, createLogger } from "./logger.js";

it("never writes tokens, passwords, cookies or headers to the log", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const logger = createLogger("info", sink);
  logger.info(
    { token: "tok-123", password: "hunter2", user: { password: "pw-456", sessionId: "sess-789" } },
    "login",
  );
  logger.info({ req: { headers: { authorization: "Bearer abc-999", cookie: "sid=zzz-111" } } }, "request");
  const out = lines.join("");
  for (const secret of ["tok-123", "hunter2", "pw-456", "sess-789", "abc-999", "zzz-111"])
    expect(out).not.toContain(secret);
  expect(out).toContain("[redacted]");
  expect(out).toContain('"msg":"login"');
});

it("writes the access log line with its fixed fields", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  createAccessLogger(createLogger("info", sink)).info(
    { reqId: "r1", method: "GET", route: "/api/x", status: 200 },
    "request",
  );
  expect(JSON.parse(lines[0])).toMatchObject({
    reqId: "r1",
    method: "GET",
    route: "/api/x",
    status: 200,
    msg: "request",
  });
});
