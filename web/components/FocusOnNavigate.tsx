import { useLocation } from "@solidjs/router";
import { createEffect, on } from "solid-js";

/**
 * After a client-side move to another page, puts focus on the main landmark so keyboard and
 * screen-reader users start at the new content rather than at the link they left behind.
 */
export default function FocusOnNavigate() {
  const location = useLocation();
  createEffect(
    on(
      () => location.pathname,
      () => document.getElementById("main")?.focus({ preventScroll: false }),
      { defer: true },
    ),
  );
  return null;
}
