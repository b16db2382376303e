/**
 * Scheduling a maintenance window: the operator's request checked against the rules (rules.ts).
 * A window that breaks one is refused, in one line naming the rule, unless the operator overrides
 * with `--emergency` (an emergency window) or `--force`, either with a reason given on purpose;
 * the override, its reason and the rules broken are then recorded with the window. The CLI and the
 * server (for a request the CLI handed off) both decide through here.
 */
import { z } from "zod";
import type { NewMaintenanceWindow } from "../repository.js";
import { WINDOW_TYPES, windowBreaks } from "./rules.js";

export const windowRequest = z.object({
  type: z.enum(WINDOW_TYPES),
  startsAt: z.string().datetime(),
  endsAt: z.string().datetime(),
  reason: z.string().min(1).max(300),
  force: z.boolean(),
  /** When the window is announced (now, as the operator schedules it). */
  announcedAt: z.string().datetime(),
});
export type WindowRequest = z.infer<typeof windowRequest>;

export type WindowDecision = { ok: true; window: NewMaintenanceWindow } | { ok: false; message: string };

export function decideWindow(req: WindowRequest): WindowDecision {
  const startsAt = new Date(req.startsAt);
  const endsAt = new Date(req.endsAt);
  const announcedAt = new Date(req.announcedAt);
  if (endsAt.getTime() <= announcedAt.getTime())
    return { ok: false, message: "--until must be a future time, e.g. 2026-03-01T06:00:00Z" };
  // A window may not be announced after it began: one starting earlier starts now.
  const start = startsAt < announcedAt ? announcedAt : startsAt;
  const breaks = windowBreaks({ type: req.type, startsAt: start, endsAt, announcedAt });
  if (breaks[0] === "the window must end after it starts")
    return { ok: false, message: `refused: ${breaks[0]}` };
  const override = req.type === "emergency" ? "emergency" : req.force ? "force" : null;
  if (breaks.length && !override)
    return {
      ok: false,
      message: `refused: ${breaks.join("; ")} (--force --reason "…" schedules it anyway, recorded; --emergency for an emergency)`,
    };
  return {
    ok: true,
    window: {
      type: req.type,
      starts_at: start.toISOString(),
      ends_at: endsAt.toISOString(),
      reason: req.reason,
      announced_at: announcedAt.toISOString(),
      override,
      override_reason: override ? req.reason : null,
      rules_broken: breaks.length ? JSON.stringify(breaks) : null,
    },
  };
}
