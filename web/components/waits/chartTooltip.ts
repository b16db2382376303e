import type uPlot from "uplot";

/**
 * A uPlot plugin that shows the figures under the cursor in a small box beside it. The box is
 * for pointer users only (aria-hidden): the same figures are in the table under every chart.
 */
export function tooltipPlugin(describe: (u: uPlot, index: number) => string): uPlot.Plugin {
  let tip: HTMLDivElement | undefined;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement("div");
        tip.className = "chart-tooltip";
        tip.setAttribute("aria-hidden", "true");
        tip.hidden = true;
        u.over.appendChild(tip);
      },
      setCursor: (u) => {
        if (!tip) return;
        const index = u.cursor.idx;
        if (index === null || index === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
          tip.hidden = true;
          return;
        }
        tip.textContent = describe(u, index);
        tip.hidden = false;
        const width = u.over.clientWidth;
        const left = u.cursor.left;
        // Keep the box inside the plot: on the right half it sits to the left of the cursor.
        tip.style.left = left > width / 2 ? "" : `${left + 12}px`;
        tip.style.right = left > width / 2 ? `${width - left + 12}px` : "";
        tip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 8)}px`;
      },
    },
  };
}
