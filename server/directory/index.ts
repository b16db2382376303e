/**
 * The community services directory (spec 002): routes under /api/v1, its own HSDS-aligned database,
 * the 196 default services, and `directory …` CLI commands.
 */
import type { ServiceModule } from "../core/module.js";
import { Catalogue } from "./catalogue.js";
import { mountHealthRoute } from "./health.js";
import { hsdsCore } from "./migrations/001_hsds_core.js";
import { mountReadRoutes } from "./routes.js";
import { seedDirectory } from "./seed/seed-directory.js";

export const directoryModule: ServiceModule = {
  name: "directory",
  migrations: [hsdsCore],
  async seedDemo(ctx) {
    const n = await seedDirectory(ctx.store);
    if (n > 0) ctx.logger.info({ services: n }, "directory seeded with the default services");
  },
  mountRoutes(app, ctx) {
    const catalogue = new Catalogue(ctx.store);
    mountHealthRoute(app, ctx, { breakers: () => [], isAdmin: () => false });
    mountReadRoutes(app, catalogue);
  },
  healthDetails(ctx) {
    return {
      directory: {
        services:
          ctx.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE deleted_at IS NULL")?.n ?? 0,
      },
    };
  },
};
