// Public-health web archive pages.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const archiveRoutes: RouteDefinition[] = [
  { path: "/archive", component: lazy(() => import("../pages/Archive")) },
  { path: "/archive/snapshots/:id", component: lazy(() => import("../pages/ArchiveSnapshot")) },
  { path: "/archive/changes", component: lazy(() => import("../pages/ArchiveChanges")) },
  { path: "/archive/compare", component: lazy(() => import("../pages/ArchiveCompare")) },
  { path: "/archive/editions", component: lazy(() => import("../pages/ArchiveEditions")) },
];
