// Starts loading the chunk of the page at `pathname` while the app waits for its language's
// messages (web/i18n/i18n.ts), instead of after: the two downloads run side by side on a first
// visit. A guess, never a decision: the router still picks the page.
import type { RouteDefinition } from "@solidjs/router";

type Preloadable = { preload?: () => Promise<unknown> };

function pattern(path: string): RegExp {
  const parts = path
    .split("/")
    .map((part) =>
      part.startsWith(":")
        ? "[^/]+"
        : part.startsWith("*")
          ? ".*"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return new RegExp(`^${parts.join("/")}/?$`);
}

export function preloadRoute(routes: readonly RouteDefinition[], pathname: string): void {
  for (const route of routes) {
    const paths = Array.isArray(route.path) ? route.path : [route.path ?? ""];
    if (!paths.some((p) => pattern(p).test(pathname))) continue;
    void (route.component as Preloadable | undefined)?.preload?.();
    return;
  }
}
