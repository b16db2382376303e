/**
 * Compares the live service state with the spec's thresholds and, on a breach, opens an incident at
 * the implied severity (once while the breach lasts; escalated if it worsens) and raises alerts.
 * Once every threshold has passed for CLEAR_HOLD_MS, judged from enough traffic, the breach's incident
 * is resolved, or, when a person has taken it up, left to them: either way a later breach is a new one.
 * Runs on a timer while the server runs, and whenever an admin opens the observability view.
 */

import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { BreakerRegistry } from "../../core/breaker.js";
import { databaseOf, keptHealth } from "../../core/database.js";
import type { ModuleContext } from "../../core/module.js";
import { directoryRepository } from "../repository-of.js";
import type { Alerter } from "./alerts.js";
import type { Incident } from "./incident-log.js";
import { sendResolvedNotice } from "./resolved-notice.js";
import {
  errorRateJudged,
  impliedSeverity,
  SEVERITIES,
  type ServiceState,
  thresholdChecks,
} from "./severity.js";

export const BREACH_KEY = "thresholds";
/** The history line of an automatic incident the watchdog resolves. */
export const BREACH_CLEARED = "Breach cleared: every threshold passes again (resolved by the watchdog).";
/** The history line of an incident a person has taken up, when its breach clears: theirs to resolve. */
export const BREACH_RELEASED =
  "Breach cleared: every threshold passes again. Left to whoever is handling it; a new breach opens an incident of its own.";
const FIVE_MINUTES = 5 * 60_000;
/**
 * How long every threshold must pass before the watchdog resolves its incident. Without it, a breach
 * that clears and returns between two checks (a flapping breaker, a p95 hovering at its target)
 * opened, alerted and resolved a new incident each time. Five minutes is the metrics' own window.
 */
export const CLEAR_HOLD_MS = FIVE_MINUTES;
const SIGN_IN_ROUTE = "/api/v1/auth/login";

/**
 * Whether a route's answers count toward the p95 target. Sign-in is slow on purpose (scrypt at
 * N=2^17 takes hundreds of ms a hash): its latency says nothing about the service's health. The
 * operator page's p95 chart leaves it out too, so the chart and the target agree.
 */
export const countsTowardLatency = (method: string, route: string) =>
  !(method === "POST" && route === SIGN_IN_ROUTE);

/** The state over the last 5 minutes of directory traffic (/api/v1 routes). */
export async function currentState(ctx: ModuleContext, breakers: BreakerRegistry): Promise<ServiceState> {
  const routes = ctx.metrics.window(FIVE_MINUTES).filter((r) => r.route.startsWith("/api/v1"));
  const count = routes.reduce((n, r) => n + r.count, 0);
  const errors = routes.reduce((n, r) => n + r.errorRate * r.count, 0);
  const p95s = routes
    .filter((r) => countsTowardLatency(r.method, r.route))
    .map((r) => r.p95)
    .filter((p): p is number => p !== null);
  // Reads may answer while writes are refused (a full disk): kept current by the store as it happens.
  const kept = keptHealth(databaseOf(ctx));
  return {
    databaseOk: await directoryRepository(ctx).check(),
    databaseWritable: kept.writable && !kept.damaged,
    errorRate: count ? errors / count : null,
    requests: count,
    p95Ms: p95s.length ? Math.max(...p95s) : null,
    breakers: breakers.snapshots(),
  };
}

/**
 * A breach whose incident could not be recorded (the database refusing writes, or down): the
 * incident log cannot say "already open", and with the database down the processes cannot agree
 * through it either. They agree through the data folder they share instead (every worker of one
 * `chc serve` has the same DATA_DIR, beside the alert log): one file per severity, so the first
 * process to see the breach at a severity alerts it and the others do not. The file is written
 * whole under a name of its own, then linked into place (link fails if the name is taken): a
 * process that dies, or a disk that fills, while writing leaves no claim at all, where a file made
 * with O_EXCL and then written left an empty one that no later check could read or remove, so
 * every later outage at that severity went unalerted. A claim that cannot be read all the same (a
 * disk that lost it) is no claim: it is removed and the breach claimed again. So is one alerted
 * more than STALE_CLAIM_MS ago (a database that stays down): the outage is alerted again, and the
 * claim keeps the breach's start for its incident.
 * The file keeps the breach's start; once the database answers again the incident is recorded from
 * it (started and detected when the breach was first alerted), then resolved as any breach is.
 * Processes on other machines, with a data folder of their own, each alert once.
 */
const UNRECORDED_PREFIX = "directory-unrecorded-breach-";
/** The fallback where the data folder refuses the file too: once per process and severity. */
const unrecordedBreach = new WeakMap<Alerter, string>();

/** How long a claim silences the breach at its severity: then it is alerted again (a day). */
export const STALE_CLAIM_MS = 24 * 60 * 60_000;

interface UnrecordedBreach {
  severity: (typeof SEVERITIES)[number];
  /** When the breach started (its incident's start once recorded). */
  at: string;
  title: string;
  /** When it was last alerted, if not at its start. */
  alertedAt?: string;
}

const breachDir = (alerter: Alerter) => path.dirname(alerter.logFile);

/** The claim in a breach file, or null when the file holds none that can be read. */
function readClaim(file: string): UnrecordedBreach | null {
  try {
    const claim = JSON.parse(readFileSync(file, "utf8")) as UnrecordedBreach;
    return SEVERITIES.includes(claim?.severity) && !Number.isNaN(Date.parse(claim.at)) ? claim : null;
  } catch {
    return null;
  }
}

/** Makes `file` hold `content`, whole, unless it exists: written aside, then linked into place. */
function createWhole(file: string, content: string): void {
  const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(aside, "wx");
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(aside, file);
  } finally {
    rmSync(aside, { force: true });
  }
}

/** True for the one process (of those sharing the data folder) that is first to claim the breach at this severity. */
function claimUnrecorded(alerter: Alerter, breach: UnrecordedBreach, now: Date): boolean {
  const file = path.join(breachDir(alerter), `${UNRECORDED_PREFIX}${breach.severity}.json`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      createWhole(file, JSON.stringify(breach));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") break;
      const held = readClaim(file);
      const alertedAt = held ? Date.parse(held.alertedAt ?? held.at) : Number.NaN;
      if (held && now.getTime() - alertedAt < STALE_CLAIM_MS) return false;
      // Unreadable, or alerted long ago: no longer a claim. Two processes may both find it so and
      // both alert once: better than none ever again.
      rmSync(file, { force: true });
      if (held && held.at < breach.at) breach = { ...breach, at: held.at, alertedAt: now.toISOString() };
    }
  }
  if (unrecordedBreach.get(alerter) === breach.severity) return false;
  unrecordedBreach.set(alerter, breach.severity);
  return true;
}

function unrecordedBreaches(alerter: Alerter): { file: string; breach: UnrecordedBreach }[] {
  const dir = breachDir(alerter);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(UNRECORDED_PREFIX) && n.endsWith(".json"));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const file = path.join(dir, name);
    const breach = readClaim(file);
    // A file that holds no claim is not one: left there, it would silence the severity for good.
    // (A claim is linked into place whole, so this is not one being written.)
    if (!breach) rmSync(file, { force: true });
    return breach ? [{ file, breach }] : [];
  });
}

/**
 * Records the breach alerted while the database was down as the breach's incident, from when it
 * started, at its worst severity (or raises the breach's incident already open to it). Its opening
 * was alerted then: nothing is sent now. Left for the next check while the database refuses.
 */
async function recordUnrecorded(ctx: ModuleContext, alerter: Alerter, now: Date): Promise<void> {
  const pending = unrecordedBreaches(alerter);
  if (!pending.length) {
    unrecordedBreach.delete(alerter);
    return;
  }
  const first = pending.reduce((a, b) => (b.breach.at < a.breach.at ? b : a)).breach;
  const worst = pending.reduce((a, b) =>
    SEVERITIES.indexOf(b.breach.severity) < SEVERITIES.indexOf(a.breach.severity) ? b : a,
  ).breach;
  const repo = directoryRepository(ctx);
  try {
    const found = await repo.openBreachIncident(
      {
        severity: worst.severity,
        title: worst.title,
        source: "auto",
        breachKey: BREACH_KEY,
        startedAt: first.at,
      },
      new Date(first.at),
    );
    const note = `Recorded at ${now.toISOString()}: the database was unavailable when this breach was alerted (${first.at}).`;
    if (found.opened) await repo.advanceIncident(found.incident.id, "update", { actor: null, note }, now);
    else if (SEVERITIES.indexOf(worst.severity) < SEVERITIES.indexOf(found.incident.severity))
      await repo.raiseIncidentSeverity(found.incident.id, worst.severity, now.toISOString(), worst.title);
  } catch {
    return;
  }
  for (const { file } of pending) rmSync(file, { force: true });
  unrecordedBreach.delete(alerter);
}

/**
 * Since when every threshold has passed, per alerter (one per running module), counted from the
 * first check whose error rate rests on enough requests: a quiet night's checks, which cannot tell
 * whether errors stopped, neither start the wait nor end it, and do not resolve.
 */
const clearSince = new WeakMap<Alerter, number>();

export async function evaluateThresholds(
  ctx: ModuleContext,
  breakers: BreakerRegistry,
  alerter: Alerter,
  now = new Date(),
) {
  const state = await currentState(ctx, breakers);
  const checks = thresholdChecks(state);
  const implied = impliedSeverity(state);
  let incident: Incident | null = null;
  let resolved: Incident | null = null;
  // A breach alerted while the database was down gets its incident now, if the database answers.
  if (state.databaseOk) await recordUnrecorded(ctx, alerter, now);
  if (!implied) {
    const judged = errorRateJudged(state);
    const since = clearSince.get(alerter) ?? (judged ? now.getTime() : null);
    if (since !== null) clearSince.set(alerter, since);
    // The breach has cleared for long enough: its incident is resolved, or let go when a person has
    // taken it up, so the next breach opens (and alerts) anew.
    if (judged && since !== null && now.getTime() - since >= CLEAR_HOLD_MS) {
      try {
        resolved = await directoryRepository(ctx).resolveBreachIncident(
          BREACH_KEY,
          { resolved: BREACH_CLEARED, released: BREACH_RELEASED },
          now,
        );
      } catch {
        // The database refusing the write: the next check tries again.
      }
    }
    if (resolved) sendResolvedNotice(alerter, resolved, "the watchdog (breach cleared)", now);
  }
  if (implied) {
    clearSince.delete(alerter);
    const text = `Directory thresholds breached: ${implied.reasons.join("; ")}`;
    const repo = directoryRepository(ctx);
    let found: { incident: Incident; opened: boolean };
    try {
      found = await repo.openBreachIncident(
        { severity: implied.severity, title: text, source: "auto", breachKey: BREACH_KEY },
        now,
      );
    } catch (err) {
      // The database may be the very thing that is down: the alert log still hears about it.
      if (claimUnrecorded(alerter, { severity: implied.severity, at: now.toISOString(), title: text }, now)) {
        alerter.send(
          {
            kind: "threshold",
            severity: implied.severity,
            text: `${text} (incident not recorded: ${String(err)})`,
          },
          now,
        );
      }
      return { state, checks, implied, incident, resolved };
    }
    const existing = found.incident;
    if (found.opened) {
      incident = existing;
      // One alert per opening on each channel, whatever the severity: the breach and its incident.
      alerter.send(
        {
          kind: "threshold",
          severity: implied.severity,
          text: `${existing.id} opened: ${text}`,
          title: existing.title,
          incidentId: existing.id,
          channel: existing.channel,
          commander: existing.commander,
        },
        now,
      );
    } else if (SEVERITIES.indexOf(implied.severity) < SEVERITIES.indexOf(existing.severity)) {
      // The escalated incident as stored: a SEV-1/2 now has its channel for the alert to carry.
      incident = await repo.raiseIncidentSeverity(existing.id, implied.severity, now.toISOString(), text);
      alerter.send(
        {
          kind: "incident",
          severity: implied.severity,
          text: `${existing.id} escalated: ${text}`,
          title: incident.title,
          incidentId: incident.id,
          channel: incident.channel,
          commander: incident.commander,
        },
        now,
      );
    } else {
      incident = existing;
    }
  }
  return { state, checks, implied, incident, resolved };
}
