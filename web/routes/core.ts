// Home ships in the first bundle; every other page is its own lazily loaded chunk.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";
import Home from "../pages/Home";

export const coreRoutes: RouteDefinition[] = [
  { path: "/", component: Home },
  { path: "/search", component: lazy(() => import("../pages/Search")) },
  { path: "/services/:id", component: lazy(() => import("../pages/ServiceDetail")) },
  { path: "/settings", component: lazy(() => import("../pages/Settings")) },
];

export const notFoundRoute: RouteDefinition = {
  path: "*404",
  component: lazy(() => import("../pages/NotFound")),
};
