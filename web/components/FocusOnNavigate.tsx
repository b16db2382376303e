import { useLocation } from "@solidjs/router";
import { createEffect, on } from "solid-js";
import { checkForUpdate } from "../pwa/registerServiceWorker";

/**
 * After a client-side move to another page, puts focus on the main landmark so keyboard and
 * screen-reader users start at the new content rather than at the link they left behind, and asks
 * whether a new version of the app is out (the update prompt then shows without a reload).
 */
export default function FocusOnNavigate() {
  const location = useLocation();
  createEffect(
    on(
      () => location.pathname,
      () => {
        document.getElementById("main")?.focus({ preventScroll: false });
        checkForUpdate();
      },
      { defer: true },
    ),
  );
  return null;
}
