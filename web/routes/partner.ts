// Partner dashboard pages (organizations editing their own services). Sign-in pages: a kiosk
// screen shows a notice instead (NotOnKiosk).
import type { RouteDefinition } from "@solidjs/router";
import { lazy } from "solid-js";
import { notOnKiosk } from "../components/NotOnKiosk";

export const partnerRoutes: RouteDefinition[] = [
  { path: "/partner/welcome", component: notOnKiosk(lazy(() => import("../pages/PartnerWelcome"))) },
  { path: "/partner", component: notOnKiosk(lazy(() => import("../pages/PartnerDashboard"))) },
  { path: "/partner/services/:id", component: notOnKiosk(lazy(() => import("../pages/PartnerService"))) },
  {
    path: "/partner/services/:id/history",
    component: notOnKiosk(lazy(() => import("../pages/PartnerHistory"))),
  },
];
