// Public-health web archive pages.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const archiveRoutes: RouteDefinition[] = [
  { path: "/archive", component: lazy(() => import("../pages/Archive")) },
];
