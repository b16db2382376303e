/**
 * What the server tells about a circuit breaker and the web app shows: its state, whether it is
 * flapping and whether it is stuck open. The server's breakers (server/core/breaker.ts), the
 * directory's health and severity rules, the observability response and the operator page all
 * use this one shape.
 */
import { z } from "zod";

export const BREAKER_STATES = ["CLOSED", "OPEN", "HALF_OPEN"] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

export const breakerHealthSchema = z.object({
  name: z.string(),
  state: z.enum(BREAKER_STATES),
  flapping: z.boolean(),
  /** Open for longer than its reset window allows: it is not recovering. */
  stuckOpen: z.boolean(),
});
export type BreakerHealth = z.infer<typeof breakerHealthSchema>;
