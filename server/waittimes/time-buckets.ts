/**
 * Bucket boundaries for the aggregates (UTC): hour, day, ISO week (Monday 00:00) and calendar
 * month. Times are epoch seconds, as stored.
 */
export type Grain = "h" | "d" | "w" | "m";
export const GRAINS: Grain[] = ["h", "d", "w", "m"];

/** Hourly buckets are kept this long: only the 24h and 7d views (and 24h benchmarks) read them. */
export const HOURLY_RETENTION_SECONDS = 35 * 86400;

export function bucketStart(t: number, grain: Grain): number {
  switch (grain) {
    case "h":
      return t - (((t % 3600) + 3600) % 3600);
    case "d":
      return t - (((t % 86400) + 86400) % 86400);
    case "w": {
      const day = Math.floor(t / 86400);
      // 1970-01-01 was a Thursday: shift so that Monday is day 0 of the week.
      const weekday = (((day + 3) % 7) + 7) % 7;
      return (day - weekday) * 86400;
    }
    case "m": {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
  }
}

export const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();
