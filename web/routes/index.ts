// Every page's route, gathered from one file per area so each area adds its pages in its own file.
import type { RouteDefinition } from "@solidjs/router";
import { adminRoutes } from "./admin";
import { archiveRoutes } from "./archive";
import { coreRoutes, notFoundRoute } from "./core";
import { partnerRoutes } from "./partner";
import { waitsRoutes } from "./waits";

export const routes: RouteDefinition[] = [
  ...coreRoutes,
  ...waitsRoutes,
  ...archiveRoutes,
  ...partnerRoutes,
  ...adminRoutes,
  notFoundRoute,
];
