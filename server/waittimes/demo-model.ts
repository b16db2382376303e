/**
 * The shape of demo wait times: a per-hospital level with daily and weekly rhythm, a slow seasonal
 * drift and multiplicative noise. Deterministic for a given seed so every install sees the same
 * history.
 */

/** mulberry32: a tiny seeded PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal from two uniforms (Box–Muller). */
export function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Standard-time UTC offsets (hours); daylight time is ignored for a demo rhythm. */
export const UTC_OFFSET: Record<string, number> = { AB: -7, BC: -8, QC: -5, ON: -5 };

// Busier on Mondays, quieter at weekends (index 0 = Sunday).
const WEEKDAY = [0.94, 1.12, 1.06, 1.02, 1.0, 0.99, 0.92];

export function rhythm(t: number, province: string): number {
  const local = t + (UTC_OFFSET[province] ?? 0) * 3600;
  const hour = (local % 86400) / 3600;
  const weekday = (Math.floor(local / 86400) + 4) % 7;
  const daily = 1 + 0.3 * Math.sin((2 * Math.PI * (hour - 12)) / 24);
  const season = 1 + 0.08 * Math.sin((2 * Math.PI * t) / (365.25 * 86400));
  return daily * WEEKDAY[weekday] * season;
}

export interface SourceDemoProfile {
  /** Interval between observations at full cadence, seconds [min, max]. */
  interval: [number, number];
  /** Range of per-hospital typical level (minutes). */
  level: [number, number];
}

export const DEMO_PROFILES: Record<string, SourceDemoProfile> = {
  "alberta-ahs": { interval: [120, 720], level: [35, 150] },
  "bc-phsa": { interval: [300, 780], level: [70, 240] },
  "quebec-msss": { interval: [3600, 3600], level: [60, 200] },
  "ontario-health": { interval: [0, 0], level: [90, 240] },
};
