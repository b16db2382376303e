/**
 * The community services directory (spec 002): routes under /api/v1, its own HSDS-aligned database,
 * the 196 default services, and `directory …` CLI commands.
 */
import type { ModuleContext, ServiceModule } from "../core/module.js";
import { isAdminRequest } from "./accounts/authenticate.js";
import { LoginThrottle } from "./accounts/login-throttle.js";
import { Assistant, aiSettingsFromEnv } from "./ai/assistant.js";
import { Catalogue } from "./catalogue.js";
import { registerDirectoryCli } from "./cli.js";
import { mountHealthRoute } from "./health.js";
import { hsdsCore } from "./migrations/001_hsds_core.js";
import { accountsAudit } from "./migrations/002_accounts_audit.js";
import { countLiveServices } from "./queries.js";
import { BreakerRegistry } from "./resilience/breaker.js";
import { mountReadRoutes } from "./routes.js";
import { mountAiRoutes } from "./routes-ai.js";
import { mountAuthRoutes } from "./routes-auth.js";
import { mountPartnerRoutes } from "./routes-partner.js";
import { seedDirectory } from "./seed/seed-directory.js";

/** Per-server state (tests run several servers in one process, so it is keyed by context). */
interface Runtime {
  catalogue: Catalogue;
  breakers: BreakerRegistry;
  assistant: Assistant;
}
const runtimes = new WeakMap<ModuleContext, Runtime>();

function createRuntime(ctx: ModuleContext): Runtime {
  const breakers = new BreakerRegistry();
  const ai = aiSettingsFromEnv();
  const resetMs = Number(process.env.AI_BREAKER_RESET_MS);
  const assistant = new Assistant(
    ai,
    breakers.get("ai", { timeoutMs: ai.timeoutMs, ...(resetMs > 0 ? { resetTimeoutMs: resetMs } : {}) }),
  );
  return { catalogue: new Catalogue(ctx.store), breakers, assistant };
}

export const directoryModule: ServiceModule = {
  name: "directory",
  migrations: [hsdsCore, accountsAudit],
  async seedDemo(ctx) {
    const n = await seedDirectory(ctx.store);
    if (n > 0) ctx.logger.info({ services: n }, "directory seeded with the default services");
  },
  mountRoutes(app, ctx) {
    const runtime = createRuntime(ctx);
    runtimes.set(ctx, runtime);
    const { catalogue, breakers, assistant } = runtime;
    mountHealthRoute(app, ctx, {
      breakers: () => breakers.snapshots(),
      isAdmin: (c) => isAdminRequest(c, ctx.store),
    });
    mountAuthRoutes(app, ctx, new LoginThrottle());
    mountReadRoutes(app, catalogue);
    mountPartnerRoutes(app, ctx, catalogue);
    mountAiRoutes(app, catalogue, assistant);
  },
  healthDetails(ctx) {
    return { directory: { services: countLiveServices(ctx.store) } };
  },
  registerCli: registerDirectoryCli,
};
