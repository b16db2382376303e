// Wait-time observatory pages.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const waitsRoutes: RouteDefinition[] = [
  { path: "/waits", component: lazy(() => import("../pages/WaitTimes")) },
  { path: "/waits/compare", component: lazy(() => import("../pages/Compare")) },
  { path: "/waits/:id", component: lazy(() => import("../pages/HospitalTrends")) },
];
