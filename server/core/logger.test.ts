import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createAccessLog, createLogger } from "./logger.js";

/** A stream keeping each write, as the log's destination. */
function capturedLines(): { lines: string[]; sink: Writable } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { lines, sink };
}

it("never writes tokens, passwords, cookies or headers to the log", () => {
  const { lines, sink } = capturedLines();
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

it("writes the access log line with its fixed fields, in pino's own format", () => {
  const { lines, sink } = capturedLines();
  const logger = createLogger("info", sink);
  createAccessLog(logger)({ reqId: "r1", method: "GET", route: '/api/"x"', status: 200, durationMs: 1.25 });
  logger.info({ reqId: "r2" }, "other");
  const [access, other] = lines.map((l) => JSON.parse(l));
  expect(access).toEqual({
    level: "info",
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    reqId: "r1",
    method: "GET",
    route: '/api/"x"',
    status: 200,
    durationMs: 1.25,
    msg: "request",
  });
  expect(Object.keys(access).slice(0, 2)).toEqual(Object.keys(other).slice(0, 2));
  expect(lines[0].endsWith("\n")).toBe(true);
});

it("writes no access line when the level is above info", () => {
  const { lines, sink } = capturedLines();
  createAccessLog(createLogger("warn", sink))({
    reqId: "r1",
    method: "GET",
    route: "/",
    status: 200,
    durationMs: 1,
  });
  expect(lines).toEqual([]);
});

it("escapes each access line's own fields, whatever pairs of method and route came before", () => {
  const { lines, sink } = capturedLines();
  const log = createAccessLog(createLogger("info", sink));
  log({ reqId: "a.B-9_z", method: "GET", route: "/api/x", status: 200, durationMs: 0.5 });
  log({ reqId: 'r"\\n', method: "GET", route: '/api/"y"', status: 404, durationMs: 2 });
  log({ reqId: "r3", method: "POST", route: "/api/x", status: 201, durationMs: 3.25 });
  log({ reqId: "r4", method: "GET", route: "/api/x", status: 304, durationMs: 0 });
  expect(
    lines.map((l) => JSON.parse(l)).map(({ reqId, method, route, status }) => [reqId, method, route, status]),
  ).toEqual([
    ["a.B-9_z", "GET", "/api/x", 200],
    ['r"\\n', "GET", '/api/"y"', 404],
    ["r3", "POST", "/api/x", 201],
    ["r4", "GET", "/api/x", 304],
  ]);
});
