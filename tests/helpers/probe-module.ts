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
    app.post("/api/probe/items", async (c) => {
      const { key } = await c.req.json<{ key: string }>();
      await ctx.store.write((tx) =>
        tx.run("INSERT INTO probe_items (key, created_at) VALUES (?, ?)", [key, new Date().toISOString()]),
      );
      return c.json({ success: true, data: { key } }, 201);
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
