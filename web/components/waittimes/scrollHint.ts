import { onCleanup } from "solid-js";

/**
 * Marks a scrolling table region with data-overflows while its table is wider than the screen,
 * so the hint before it ("scroll it sideways") shows only when there is something to scroll to.
 * Use as a ref: <section class="table-scroll" ref={watchOverflow}>.
 */
export function watchOverflow(region: HTMLElement): void {
  const update = () => region.toggleAttribute("data-overflows", region.scrollWidth > region.clientWidth + 1);
  const observer = new ResizeObserver(update);
  observer.observe(region);
  queueMicrotask(() => {
    const table = region.firstElementChild;
    if (table) observer.observe(table);
    update();
  });
  onCleanup(() => observer.disconnect());
}
