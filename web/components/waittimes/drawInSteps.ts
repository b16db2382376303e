// Draws a long list a few items per task: the first screenful with the list, the rest in the
// tasks after, each kept short, so drawing a province's hundred hospital cards never blocks taps
// and scrolling for long on a phone. Once drawn the list is whole (find-in-page, keyboard order,
// screen readers); while it grows, `drawing` is true (the list says it is busy).
import { type Accessor, createEffect, createMemo, createSignal, onCleanup } from "solid-js";

/** About a phone's screenful of cards, drawn with the list itself. */
export const FIRST_STEP = 6;
/** What one later step may take on this device, in ms: well under a long task (50 ms), as the
 * browser then lays the new cards out in a task of its own. */
const STEP_BUDGET_MS = 8;

export function drawInSteps<T>(items: Accessor<readonly T[]>): {
  shown: Accessor<readonly T[]>;
  drawing: Accessor<boolean>;
} {
  const [count, setCount] = createSignal(FIRST_STEP);
  // Items per step, adjusted to what the last step cost: the device's speed is not known ahead.
  let step = FIRST_STEP;
  createEffect(() => {
    if (count() >= items().length) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      setCount((n) => n + step); // Solid draws the new items before this returns
      const took = performance.now() - started;
      if (took < STEP_BUDGET_MS / 2) step *= 2;
      else if (took > STEP_BUDGET_MS && step > 1) step = Math.ceil(step / 2);
    }, 0);
    onCleanup(() => clearTimeout(timer));
  });
  const shown = createMemo(() => {
    const all = items();
    return count() >= all.length ? all : all.slice(0, count());
  });
  return { shown, drawing: () => count() < items().length };
}
