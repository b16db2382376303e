// Partner dashboard pages (organizations editing their own services).
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";

export const partnerRoutes: RouteDefinition[] = [
  { path: "/partner", component: lazy(() => import("../pages/PartnerDashboard")) },
  { path: "/partner/services/:id", component: lazy(() => import("../pages/PartnerService")) },
  { path: "/partner/services/:id/history", component: lazy(() => import("../pages/PartnerHistory")) },
];
