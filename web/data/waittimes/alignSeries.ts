import type { TrendPoint } from "../../../shared/waittimes/schemas";

/**
 * Two hospitals' trend points on one time axis (seconds), for a chart of both: every timestamp of
 * either series, with null where a hospital has no figure (uPlot leaves a gap there).
 */
export function alignSeries(
  a: readonly TrendPoint[],
  b: readonly TrendPoint[],
): { xs: number[]; a: (number | null)[]; b: (number | null)[] } {
  const at = (points: readonly TrendPoint[]) =>
    new Map(points.map((p) => [Date.parse(p.timestamp) / 1000, p.value]));
  const ma = at(a);
  const mb = at(b);
  const xs = [...new Set([...ma.keys(), ...mb.keys()])].sort((x, y) => x - y);
  return { xs, a: xs.map((x) => ma.get(x) ?? null), b: xs.map((x) => mb.get(x) ?? null) };
}
