import type uPlot from "uplot";

/**
 * The chart's legend is its read-out: it sits under the plot (never over the lines), names each
 * series, and shows the chosen point's figures formatted for a reader ("2 h 05 min", "November
 * 2026"). Until a point is chosen it is a plain key: no "--" placeholders, no raw numbers.
 */
export function legendValue(format: (value: number) => string): (u: uPlot, value: number | null) => string {
  return (_u, value) => (value === null || value === undefined ? "" : format(value));
}

/**
 * Marks the chart while a point is chosen, so the legend's time row and values show only then; and
 * lets a finger choose a point (uPlot follows the mouse only): touching or sliding along the plot
 * moves the cursor there. Listeners are passive, so a swipe still scrolls the page.
 */
export function legendReadoutPlugin(): uPlot.Plugin {
  return {
    hooks: {
      init: (u) => {
        const follow = (event: TouchEvent) => {
          const touch = event.touches[0];
          if (!touch) return;
          const rect = u.over.getBoundingClientRect();
          u.setCursor({ left: touch.clientX - rect.left, top: touch.clientY - rect.top });
        };
        u.over.addEventListener("touchstart", follow, { passive: true });
        u.over.addEventListener("touchmove", follow, { passive: true });
      },
      setLegend: (u) => {
        const idx = u.legend.idx;
        u.root.classList.toggle("point-chosen", idx !== null && idx !== undefined);
      },
    },
  };
}
