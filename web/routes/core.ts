// Home ships in the first bundle; every other page is its own lazily loaded chunk.
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";
import { coverageLoaded } from "../data/directory/coverage";
import Home from "../pages/Home";

export const coreRoutes: RouteDefinition[] = [
  { path: "/", component: Home },
  {
    path: "/search",
    component: lazy(() => import("../pages/Search")),
    // The coverage note is the search page's largest paint on a phone: its answer is asked for
    // while the page's chunk loads, not once the chunk has arrived.
    preload: () => void coverageLoaded(),
  },
  { path: "/services/:id", component: lazy(() => import("../pages/ServiceDetail")) },
  { path: "/settings", component: lazy(() => import("../pages/Settings")) },
];

export const notFoundRoute: RouteDefinition = {
  path: "*404",
  component: lazy(() => import("../pages/NotFound")),
};
