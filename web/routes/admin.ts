// Operator pages.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const adminRoutes: RouteDefinition[] = [
  { path: "/admin/observability", component: lazy(() => import("../pages/Observability")) },
];
