/**
 * The community services directory (spec 002): routes under /api/v1, its own HSDS-aligned database,
 * the 196 default services, and `directory …` CLI commands.
 */
import type { ServiceModule } from "../core/module.js";
import { isAdminRequest } from "./accounts/authenticate.js";
import { LoginThrottle } from "./accounts/login-throttle.js";
import { Catalogue } from "./catalogue.js";
import { registerDirectoryCli } from "./cli.js";
import { mountHealthRoute } from "./health.js";
import { hsdsCore } from "./migrations/001_hsds_core.js";
import { accountsAudit } from "./migrations/002_accounts_audit.js";
import { countLiveServices } from "./queries.js";
import { mountReadRoutes } from "./routes.js";
import { mountAuthRoutes } from "./routes-auth.js";
import { mountPartnerRoutes } from "./routes-partner.js";
import { seedDirectory } from "./seed/seed-directory.js";

export const directoryModule: ServiceModule = {
  name: "directory",
  migrations: [hsdsCore, accountsAudit],
  async seedDemo(ctx) {
    const n = await seedDirectory(ctx.store);
    if (n > 0) ctx.logger.info({ services: n }, "directory seeded with the default services");
  },
  mountRoutes(app, ctx) {
    const catalogue = new Catalogue(ctx.store);
    mountHealthRoute(app, ctx, { breakers: () => [], isAdmin: (c) => isAdminRequest(c, ctx.store) });
    mountAuthRoutes(app, ctx, new LoginThrottle());
    mountReadRoutes(app, catalogue);
    mountPartnerRoutes(app, ctx, catalogue);
  },
  healthDetails(ctx) {
    return { directory: { services: countLiveServices(ctx.store) } };
  },
  registerCli: registerDirectoryCli,
};
