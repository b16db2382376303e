/**
 * The community services directory (spec 002): routes under /api/v1, the HSDS 3.0 read API under
 * /api/hsds, its own HSDS-aligned database, the 196 default services, and `directory …` CLI commands.
 */
import path from "node:path";
import { BreakerRegistry } from "../core/breaker.js";
import { startHandoffInbox } from "../core/cli-handoff.js";
import { publicOrigin } from "../core/http/public-origin.js";
import type { ModuleContext, ServiceModule } from "../core/module.js";
import { runOncePerSlot } from "../core/task-slots.js";
import { authorizeFirst, isAdminRequest } from "./accounts/authenticate.js";
import { InvitationMailer } from "./accounts/invitation-mail.js";
import { signInGuards } from "./accounts/sign-in.js";
import { requestsDir, userRequestHandler } from "./accounts/user-requests.js";
import { Assistant, aiSettingsFromConfig } from "./ai/assistant.js";
import { Catalogue } from "./catalogue.js";
import { registerDirectoryCli } from "./cli.js";
import { Geocoder } from "./geocode/geocoder.js";
import { mountHealthRoute } from "./health.js";
import { mountAiRoutes } from "./http/ai.js";
import { mountAuthRoutes } from "./http/auth.js";
import { mountCoverageRoute } from "./http/coverage.js";
import { mountDashboardRoutes } from "./http/dashboard.js";
import { mountGeocodeRoute } from "./http/geocode.js";
import { mountHsdsRoutes } from "./http/hsds.js";
import { mountInvitationRoutes } from "./http/invitations.js";
import { mountOpsRoutes } from "./http/ops.js";
import { mountPartnerRoutes } from "./http/partner.js";
import { mountReadRoutes } from "./http/services.js";
import { AlertMailer } from "./incidents/alert-mail.js";
import { Alerter } from "./incidents/alerts.js";
import { warnIfRelayUnreachable } from "./incidents/relay-check.js";
import { evaluateThresholds } from "./incidents/watchdog.js";
import { mergeReport } from "./merges.js";
import { hsdsCore } from "./migrations/001_hsds_core.js";
import { accountsAudit } from "./migrations/002_accounts_audit.js";
import { incidentsMigration } from "./migrations/003_incidents.js";
import { mergedIdsMigration } from "./migrations/004_merged_ids.js";
import { changeSeqMigration } from "./migrations/005_change_seq.js";
import { incidentFlowMigration } from "./migrations/007_incident_flow.js";
import { invitationsMigration } from "./migrations/008_invitations.js";
import { directoryPgMigrations } from "./migrations/pg/index.js";
import { registerDirectorySecuritySchemes } from "./openapi-security.js";
import { directoryRepository } from "./repository-of.js";
import { seedDirectory } from "./seed/seed-directory.js";

/** Per-server state (tests run several servers in one process, so it is keyed by context). */
interface Runtime {
  catalogue: Catalogue;
  breakers: BreakerRegistry;
  assistant: Assistant;
  alerter: Alerter;
  geocoder: Geocoder;
  /** Invitations go through the alerts' relay when one is configured. */
  invitationMailer: InvitationMailer | null;
  /** `chc directory user …` run beside this server (sql.js only). */
  inbox?: { stop(): void };
  timer?: NodeJS.Timeout;
  /** Alerts go by e-mail too (ALERT_SMTP_URL, ALERT_MAIL_FROM and ALERT_MAIL_TO all set). */
  alertsByMail: boolean;
  /** The start-up check of the mail relay, under way or done. */
  relayCheck?: Promise<void>;
}
/** How often the threshold watchdog looks, across all processes. */
const WATCHDOG_INTERVAL_MS = 30_000;
const runtimes = new WeakMap<ModuleContext, Runtime>();
const running = new Set<Runtime>();
const inboxes = new Set<Runtime>();

/** Where people reach the app, for links in alerts: APP_PUBLIC_URL behind a proxy, else the listener. */
function appUrlOf(config: ModuleContext["config"]): string {
  if (config.APP_PUBLIC_URL) return config.APP_PUBLIC_URL;
  const host = config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

function createRuntime(ctx: ModuleContext): Runtime {
  const breakers = new BreakerRegistry();
  const ai = aiSettingsFromConfig(ctx.config);
  const resetMs = ctx.config.AI_BREAKER_RESET_MS ?? 0;
  const assistant = new Assistant(
    ai,
    breakers.get(
      "ai",
      { timeoutMs: ai.timeoutMs, ...(resetMs > 0 ? { resetTimeoutMs: resetMs } : {}) },
      ai.baseUrl !== null,
    ),
  );
  const { ALERT_WEBHOOK_URL, ALERT_SMTP_URL, ALERT_MAIL_FROM, ALERT_MAIL_TO } = ctx.config;
  const webhookBreaker = breakers.get(
    "alert-webhook",
    { timeoutMs: ctx.config.ALERT_WEBHOOK_TIMEOUT_MS },
    !!ALERT_WEBHOOK_URL,
  );
  const alerter = new Alerter(
    {
      webhook: ALERT_WEBHOOK_URL ? { url: ALERT_WEBHOOK_URL, breaker: webhookBreaker } : null,
      mail:
        ALERT_SMTP_URL && ALERT_MAIL_FROM && ALERT_MAIL_TO
          ? new AlertMailer(
              {
                smtpUrl: ALERT_SMTP_URL,
                from: ALERT_MAIL_FROM,
                to: ALERT_MAIL_TO,
                appUrl: appUrlOf(ctx.config),
              },
              breakers.get("alert-mail", { timeoutMs: 10_000 }),
            )
          : null,
      retries: ctx.config.ALERT_RETRIES,
      logger: ctx.logger,
      registry: ctx.metrics.prometheus,
    },
    path.join(ctx.config.DATA_DIR, "directory-alerts.log"),
  );
  const catalogue = new Catalogue(directoryRepository(ctx));
  const geocoder = new Geocoder(
    ctx.config.GEOCODER_URL ?? null,
    breakers.get("geocoder", { timeoutMs: 2000 }, !!ctx.config.GEOCODER_URL),
    catalogue,
  );
  const invitationMailer =
    ALERT_SMTP_URL && ALERT_MAIL_FROM ? new InvitationMailer(ALERT_SMTP_URL, ALERT_MAIL_FROM) : null;
  const alertsByMail = !!(ALERT_SMTP_URL && ALERT_MAIL_FROM && ALERT_MAIL_TO);
  return { catalogue, breakers, assistant, alerter, geocoder, invitationMailer, alertsByMail };
}

export const directoryModule: ServiceModule = {
  name: "directory",
  migrations: [
    hsdsCore,
    accountsAudit,
    incidentsMigration,
    mergedIdsMigration,
    changeSeqMigration,
    incidentFlowMigration,
    invitationsMigration,
  ],
  pgMigrations: directoryPgMigrations,
  copyPlan: () => ({
    pgMigrations: directoryPgMigrations,
    // Service writes draw change_seq from this sequence: the copy sets it past the copied values.
    followingSequences: [{ sequence: "service_changes", table: "services", column: "change_seq" }],
  }),
  async seedDemo(ctx) {
    const seeded = await seedDirectory(directoryRepository(ctx));
    if (seeded.loaded > 0)
      ctx.logger.info({ services: seeded.live }, "directory seeded with the default services");
    if (seeded.merges.length > 0)
      ctx.logger.info({ merged: mergeReport(seeded.merges) }, "directory duplicates merged");
  },
  mountRoutes(app, ctx) {
    const runtime = createRuntime(ctx);
    runtimes.set(ctx, runtime);
    const { catalogue, breakers, assistant, alerter, geocoder, invitationMailer } = runtime;
    const repo = directoryRepository(ctx);
    const origin = publicOrigin(ctx.config);
    registerDirectorySecuritySchemes(app);
    // Every directory answer reads the in-memory catalogue: wait for its first load.
    for (const prefix of ["/api/v1/*", "/api/hsds/*"])
      app.use(prefix, async (_c, next) => {
        await catalogue.ready();
        await next();
      });
    mountHealthRoute(app, ctx, {
      breakers: () => breakers.snapshots(),
      isAdmin: (c) => isAdminRequest(c, repo),
    });
    authorizeFirst(app, repo);
    mountAuthRoutes(app, ctx, repo, signInGuards(repo));
    mountReadRoutes(app, catalogue);
    mountPartnerRoutes(app, repo, catalogue);
    mountDashboardRoutes(app, repo, catalogue);
    mountAiRoutes(app, catalogue, assistant);
    mountGeocodeRoute(app, geocoder);
    mountHsdsRoutes(app, catalogue, geocoder, origin);
    mountOpsRoutes(app, ctx, repo, breakers, alerter);
    mountCoverageRoute(app, catalogue);
    mountInvitationRoutes(app, repo, catalogue, {
      origin,
      mailer: invitationMailer,
    });
  },
  // Its own health (/api/v1/health) counts failing upstreams; for the shared check they degrade.
  // The store's state is the core's to report; only the breakers' condition is read here, per request.
  healthStatus(ctx) {
    return runtimes.get(ctx)?.breakers.anyTroubled() ? "degraded" : "ok";
  },
  async healthDetails(ctx) {
    return {
      directory: {
        services: await directoryRepository(ctx).countLiveServices(),
        breakers: runtimes.get(ctx)?.breakers.snapshots() ?? [],
      },
    };
  },
  async start(ctx) {
    const runtime = runtimes.get(ctx);
    if (!runtime) return;
    // Whether the alerts' mail relay answers, in the background: start-up does not wait on it.
    if (runtime.alertsByMail && ctx.config.ALERT_SMTP_URL)
      runtime.relayCheck = warnIfRelayUnreachable(ctx.config.ALERT_SMTP_URL, 10_000, ctx.logger);
    // This process holds the sql.js database: the command line's account changes come here.
    if (ctx.database.kind === "sqljs") {
      runtime.inbox = startHandoffInbox(
        requestsDir(ctx.config.DATA_DIR),
        userRequestHandler(directoryRepository(ctx)),
        (err) => ctx.logger.error({ err }, "account change from the command line failed"),
      );
      inboxes.add(runtime);
    }
    if (!ctx.config.SCHEDULER) return;
    // The threshold watchdog: a breach opens an incident and alerts even when nobody is looking.
    // Every process keeps the timer; the one that claims a tick's slot checks (on sql.js, always this one).
    const repo = directoryRepository(ctx);
    // With the database down no process can claim a slot: each checks, so the outage is alerted.
    runtime.timer = setInterval(() => {
      runOncePerSlot(
        repo,
        "threshold-watchdog",
        WATCHDOG_INTERVAL_MS,
        () => evaluateThresholds(ctx, runtime.breakers, runtime.alerter),
        Date.now(),
        { runIfUnclaimable: true },
      ).catch((err) => ctx.logger.warn({ err }, "threshold check failed"));
    }, WATCHDOG_INTERVAL_MS);
    runtime.timer.unref();
    running.add(runtime);
  },
  async stop() {
    for (const runtime of inboxes) runtime.inbox?.stop();
    inboxes.clear();
    for (const runtime of running) {
      clearInterval(runtime.timer);
      await runtime.alerter.close();
      runtime.invitationMailer?.close();
    }
    running.clear();
  },
  registerCli: registerDirectoryCli,
};
