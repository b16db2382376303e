/**
 * Holds the server to its OpenAPI document in the API and integration tests: a setup file (see
 * vitest.config.ts) that wraps the global fetch, and checks every answer a test in tests/api/ or
 * tests/integration/ receives from a loopback server under /api or /metrics against the document
 * that same server serves (openapi-responses.ts, Ajv). A test whose answers the document does not
 * allow fails in its afterEach, with every problem listed.
 * With OPENAPI_CHECK_COUNTS=<file>, each test file appends how many answers it checked.
 */
import { appendFileSync } from "node:fs";
import { afterAll, afterEach, expect } from "vitest";
import { openApiResponses } from "./openapi-responses.js";

/** The test folders whose every answer is checked. */
const CHECKED = /[/\\]tests[/\\](api|integration)[/\\]/;
const DOCUMENT = "/api/openapi.json";
/** A body still streaming after this long (a test that never reads it) is counted, not checked. */
const BODY_WAIT_MS = 10_000;

type Checker = ReturnType<typeof openApiResponses>;
interface FileState {
  documents: Map<string, Promise<Checker>>;
  pending: Promise<void>[];
  problems: string[];
  checked: number;
  unread: number;
}

const STATE = Symbol.for("chc.openapiFetchCheck");
type Holder = {
  [STATE]?: { realFetch: typeof fetch; file: FileState; checkersByDocument: Map<string, Checker> };
};
const holder = globalThis as unknown as Holder;

const freshState = (): FileState => ({
  documents: new Map(),
  pending: [],
  problems: [],
  checked: 0,
  unread: 0,
});

// Files share a worker (isolate: false): wrap once, start a fresh record for each file.
if (!holder[STATE]) {
  const realFetch = globalThis.fetch;
  holder[STATE] = { realFetch, file: freshState(), checkersByDocument: new Map() };
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    // Read before the call: a Request's body can be used once, by the call itself.
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const res = await realFetch(input, init);
    if (!inScope(url)) return res;
    const file = holder[STATE]!.file;
    const checker = checkerFor(file, url.origin);
    // Cloned before the test reads it; the server may be gone by the time the clone is read.
    const copy = res.clone();
    file.pending.push(check(file, checker, method, url.pathname, copy));
    await checker.catch(() => undefined);
    return res;
  };
} else {
  holder[STATE].file = freshState();
}

function inScope(url: URL): boolean {
  const testPath = expect.getState().testPath ?? "";
  if (!CHECKED.test(testPath)) return false;
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost" && url.hostname !== "[::1]") return false;
  if (url.pathname === DOCUMENT) return false;
  return url.pathname.startsWith("/api/") || url.pathname === "/metrics";
}

function checkerFor(file: FileState, origin: string): Promise<Checker> {
  let checker = file.documents.get(origin);
  if (!checker) {
    checker = (async () => {
      const res = await holder[STATE]!.realFetch(`${origin}${DOCUMENT}`);
      if (res.status !== 200) throw new Error(`${origin}${DOCUMENT} answered ${res.status}`);
      const doc = await res.json();
      // Kept for the worker's life (this file runs again for each test file): every test server
      // serves the same document but for `servers` (its own origin), and building Ajv's
      // validators again for each cost a few hundred ms of CPU. Another document gets its own.
      const { checkersByDocument } = holder[STATE]!;
      const key = JSON.stringify({ ...doc, servers: undefined });
      let built = checkersByDocument.get(key);
      if (!built) {
        built = openApiResponses(doc);
        checkersByDocument.set(key, built);
      }
      return built;
    })();
    file.documents.set(origin, checker);
  }
  return checker;
}

async function check(
  file: FileState,
  checker: Promise<Checker>,
  method: string,
  path: string,
  res: Response,
): Promise<void> {
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  const json = /^application\/([\w.-]+\+)?json$/.test(type);
  let body: unknown;
  try {
    const text = await Promise.race([
      json ? res.text() : res.arrayBuffer().then(() => ""),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("unread")), BODY_WAIT_MS).unref()),
    ]);
    body = json && text !== "" ? JSON.parse(text) : undefined;
  } catch (err) {
    if ((err as Error).message === "unread") {
      file.unread++;
      return;
    }
    if (err instanceof SyntaxError) {
      file.problems.push(`${method} ${path} ${res.status}: the ${type} body is not JSON`);
      return;
    }
    // The connection went away mid-body (a test that kills the server): status and headers still count.
    body = undefined;
  }
  let validator: Checker;
  try {
    validator = await checker;
  } catch (err) {
    file.problems.push(`${method} ${path}: no document to check against (${(err as Error).message})`);
    return;
  }
  file.checked++;
  for (const problem of validator.problems({
    method,
    path,
    status: res.status,
    headers: res.headers,
    body,
  })) {
    file.problems.push(problem);
  }
}

afterEach(async () => {
  const file = holder[STATE]!.file;
  const pending = file.pending.splice(0);
  await Promise.all(pending);
  const problems = file.problems.splice(0);
  if (problems.length) {
    throw new Error(`Answers the OpenAPI document does not allow:\n${[...new Set(problems)].join("\n")}`);
  }
});

afterAll(() => {
  const file = holder[STATE]!.file;
  const out = process.env.OPENAPI_CHECK_COUNTS;
  const testPath = expect.getState().testPath ?? "";
  if (out && (file.checked || file.unread)) {
    appendFileSync(out, `${testPath}\t${file.checked}\t${file.unread}\n`);
  }
});
