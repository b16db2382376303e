/** Helpers of the HSDS API tests: a real server over the fixture data, GETs, schema checks. */
import { rmSync } from "node:fs";
import { expect } from "vitest";
import { z } from "zod";
import { directoryModule } from "../../../server/directory/index.js";
import { ErrorSchema } from "../../../server/directory/schemas.js";
import { startTestServer, type TestServer } from "../server.js";
import { prepareHsdsData } from "./hsds-api-fixture.js";

export interface HsdsTestServer extends TestServer {
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked with zod schemas
  body: any;
}

export async function startHsdsServer(env: Record<string, string> = {}): Promise<HsdsTestServer> {
  const dataDir = await prepareHsdsData();
  const server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000", ...env },
  });
  return {
    ...server,
    async get(path, headers = {}) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses with the schema, failing the test with every issue spelled out. */
export function expectSchema<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`response does not match the schema:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A 4xx in the error envelope whose message names the parameter. */
export function expectError(reply: Reply, status: number, type: string, mentions: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expectSchema(ErrorSchema, reply.body);
  expect(reply.body.success).toBe(false);
  expect(reply.body.error).toBe(type);
  expect(reply.body.message).toContain(mentions);
}

/** Every key path of a JSON value (array items merged), to compare shapes regardless of values. */
export function shapeOf(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shapeOf(v, `${prefix}[]`)))].sort();
  if (value && typeof value === "object")
    return Object.entries(value)
      .flatMap(([k, v]) => [`${prefix}.${k}`, ...shapeOf(v, `${prefix}.${k}`)])
      .sort();
  return [];
}
