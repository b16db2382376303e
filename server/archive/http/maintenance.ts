/**
 * GET /api/maintenance (public): the archive's announced and current maintenance windows (spec
 * 001 §8), so monitors and the app can show a window before it starts. Open during maintenance.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { AppRouter } from "../../core/module.js";
import { WINDOW_TYPES } from "../maintenance/rules.js";
import { type MaintenanceWindows, windowEnd } from "../maintenance/windows.js";

const windowSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(WINDOW_TYPES).openapi({
      description:
        "routine (24 h notice, at most 30 min), major (72 h notice, at most 4 h) or emergency (as soon as possible, as long as needed)",
    }),
    status: z.enum(["announced", "current"]).openapi({ description: "announced: it has not started yet" }),
    startsAt: z.string().openapi({ description: "ISO 8601, UTC" }),
    endsAt: z
      .string()
      .openapi({ description: "planned end, or when an operator ended it early (ISO 8601, UTC)" }),
    announcedAt: z.string().openapi({ description: "when it was scheduled (ISO 8601, UTC)" }),
    reason: z.string().openapi({ description: "what is being done, as the operator wrote it" }),
  })
  .openapi("MaintenanceWindow");

export const maintenanceListSchema = z
  .object({ windows: z.array(windowSchema).openapi({ description: "by start, current first" }) })
  .openapi("MaintenanceWindows");

const route = createRoute({
  method: "get",
  path: "/api/maintenance",
  summary: "Announced and current maintenance windows of the archive",
  description:
    "Windows not over yet, by start. While one is current the archive's other API paths answer 503 ServiceUnavailable with Retry-After; planned maintenance announced in advance is excluded from the availability target.",
  tags: ["archive"],
  responses: {
    200: { description: "The windows", content: { "application/json": { schema: maintenanceListSchema } } },
  },
});

export function mountMaintenanceRoute(app: AppRouter, windows: () => MaintenanceWindows | null) {
  app.openapi(route, async (c) => {
    const w = windows();
    const list = (await w?.list()) ?? [];
    const now = w?.now() ?? new Date().toISOString();
    return c.json(
      {
        windows: list.map((w) => ({
          id: w.id,
          type: w.type,
          status: w.starts_at <= now ? ("current" as const) : ("announced" as const),
          startsAt: w.starts_at,
          endsAt: windowEnd(w),
          announcedAt: w.announced_at,
          reason: w.reason,
        })),
      },
      200,
    );
  });
}
