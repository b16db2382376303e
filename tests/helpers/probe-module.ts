/**
 * A small module of the tests' own, mounted beside the real ones to drive the core's
 * cross-cutting behaviour (body parsing, thrown errors, durable writes) through real HTTP.
 * Its routes are in the served OpenAPI document like any module's, so the answers the API tests
 * get from them are checked against it too.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceModule } from "../../server/core/module.js";
import { errorResponseDoc } from "../../server/core/openapi.js";

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const BAD_INPUT = errorResponseDoc("A malformed body or parameter");

const echo = createRoute({
  method: "post",
  path: "/api/probe/echo",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ name: z.string().min(1).max(50), count: z.number().int().optional() }),
        },
      },
    },
  },
  responses: {
    200: { description: "echo", content: { "application/json": { schema: z.object({ name: z.string() }) } } },
    400: BAD_INPUT,
  },
});

const list = createRoute({
  method: "get",
  path: "/api/probe/items",
  request: { query: z.object({ kind: z.enum(["a", "b"]).optional() }) },
  responses: {
    200: {
      description: "items",
      content: { "application/json": { schema: z.object({ items: z.array(z.string()) }) } },
    },
    400: BAD_INPUT,
  },
});

const add = createRoute({
  method: "post",
  path: "/api/probe/items",
  request: {
    query: z.object({ hold: z.string().optional(), busyMs: z.string().optional() }),
    body: { required: true, content: { "application/json": { schema: z.object({ key: z.string() }) } } },
  },
  responses: {
    201: json(z.object({ success: z.literal(true), data: z.object({ key: z.string() }) }), "written"),
    400: BAD_INPUT,
  },
});

const release = createRoute({
  method: "post",
  path: "/api/probe/release",
  request: { query: z.object({ hold: z.string() }) },
  responses: {
    200: json(z.object({ outcome: z.string() }), "the held write's outcome"),
    400: BAD_INPUT,
    404: json(z.object({ outcome: z.string() }), "no such hold"),
  },
});

const slow = createRoute({
  method: "get",
  path: "/api/probe/slow",
  request: { query: z.object({ ms: z.string().optional() }) },
  responses: { 200: json(z.object({ waited: z.boolean() }), "waited"), 400: BAD_INPUT },
});

const throws = createRoute({
  method: "get",
  path: "/api/probe/throw",
  responses: { 500: errorResponseDoc("always: a handler that throws") },
});

interface Hold {
  release: () => void;
  outcome: Promise<string>;
}
const holds = new Map<string, Hold>();

function holdUntilReleased(name: string): { released: Promise<void>; settle: (outcome: string) => void } {
  let release = () => {};
  let settle: (outcome: string) => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  const outcome = new Promise<string>((r) => {
    settle = r;
  });
  holds.set(name, { release, outcome });
  return { released, settle };
}

export const probeModule: ServiceModule = {
  name: "directory",
  migrations: [
    {
      version: 1,
      name: "probe items",
      up: "CREATE TABLE probe_items (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL)",
      down: "DROP TABLE probe_items",
    },
  ],
  mountRoutes(app, ctx) {
    app.openapi(echo, (c) => c.json({ name: c.req.valid("json").name }, 200));
    app.openapi(list, (c) => {
      const rows = ctx.store.all<{ key: string }>("SELECT key FROM probe_items ORDER BY id");
      return c.json({ items: rows.map((r) => r.key) }, 200);
    });
    // ?hold=<name> waits before writing until POST /api/probe/release?hold=<name>; ?busyMs=<n>
    // keeps the write's transaction busy that long: both drive the request time limit.
    app.openapi(add, async (c) => {
      const { key } = c.req.valid("json");
      const held = c.req.query("hold") ? holdUntilReleased(c.req.query("hold") as string) : null;
      await held?.released;
      const busyMs = Number(c.req.query("busyMs") ?? 0);
      try {
        await ctx.store.write((tx) => {
          const until = performance.now() + busyMs;
          while (performance.now() < until) {
            // Synchronous work inside the transaction.
          }
          tx.run("INSERT INTO probe_items (key, created_at) VALUES (?, ?)", [key, new Date().toISOString()]);
        });
        held?.settle("written");
      } catch (err) {
        held?.settle(`refused: ${(err as Error).message}`);
        throw err;
      }
      return c.json({ success: true, data: { key } }, 201);
    });
    // Lets a held write go on, and answers once it was written or refused.
    app.openapi(release, async (c) => {
      const held = holds.get(c.req.query("hold") ?? "");
      if (!held) return c.json({ outcome: "no such hold" }, 404);
      holds.delete(c.req.query("hold") ?? "");
      held.release();
      return c.json({ outcome: await held.outcome }, 200);
    });
    // Answers after ?ms= milliseconds: drives the request time limit.
    app.openapi(slow, async (c) => {
      await new Promise((r) => setTimeout(r, Number(c.req.query("ms") ?? 0)));
      return c.json({ waited: true }, 200);
    });
    app.openapi(throws, () => {
      throw new Error("secret internal detail");
    });
  },
};
