/**
 * A small module of the tests' own, mounted beside the real ones to drive the core's
 * cross-cutting behaviour (body parsing, thrown errors, durable writes) through real HTTP.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceModule } from "../../server/core/module.js";

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
  },
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
    app.post("/api/probe/items", async (c) => {
      const { key } = await c.req.json<{ key: string }>();
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
    app.post("/api/probe/release", async (c) => {
      const held = holds.get(c.req.query("hold") ?? "");
      if (!held) return c.json({ outcome: "no such hold" }, 404);
      holds.delete(c.req.query("hold") ?? "");
      held.release();
      return c.json({ outcome: await held.outcome }, 200);
    });
    // Answers after ?ms= milliseconds: drives the request time limit.
    app.get("/api/probe/slow", async (c) => {
      await new Promise((r) => setTimeout(r, Number(c.req.query("ms") ?? 0)));
      return c.json({ waited: true }, 200);
    });
    app.get("/api/probe/throw", () => {
      throw new Error("secret internal detail");
    });
  },
};
