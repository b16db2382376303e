// Operator pages. Sign-in pages: a kiosk screen shows a notice instead (NotOnKiosk).
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";
import { notOnKiosk } from "../components/NotOnKiosk";

export const adminRoutes: RouteDefinition[] = [
  { path: "/admin/observability", component: notOnKiosk(lazy(() => import("../pages/Observability"))) },
];
