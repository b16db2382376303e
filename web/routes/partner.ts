// Partner dashboard pages (organizations editing their own services).
import type { RouteDefinition } from "@solidjs/router";

export const partnerRoutes: RouteDefinition[] = [];
