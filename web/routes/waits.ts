// Wait-time observatory pages. Fixed paths come before /waits/:id so they are never read as an id.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const waitsRoutes: RouteDefinition[] = [
  { path: "/waits", component: lazy(() => import("../pages/WaitTimes")) },
  { path: "/waits/compare", component: lazy(() => import("../pages/Compare")) },
  { path: "/waits/benchmarks", component: lazy(() => import("../pages/WaitBenchmarks")) },
  { path: "/waits/occupancy", component: lazy(() => import("../pages/Occupancy")) },
  { path: "/waits/:id/quality", component: lazy(() => import("../pages/DataQuality")) },
  { path: "/waits/:id", component: lazy(() => import("../pages/HospitalTrends")) },
];
