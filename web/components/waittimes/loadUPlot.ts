import type uPlot from "uplot";

let loading: Promise<typeof uPlot> | undefined;

/**
 * uPlot, loaded once on demand (it stays out of the main bundle). Pages with a chart call this as
 * they open, so the library arrives while their data is still being fetched.
 */
export function loadUPlot(): Promise<typeof uPlot> {
  loading ??= import("uplot").then(
    (m) => m.default,
    (error: unknown) => {
      loading = undefined; // offline with the chunk not cached yet: the next chart tries again
      throw error;
    },
  );
  return loading;
}
