import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../shared/directory/index.js";
import { type BackendPair, startBackendPair } from "../../tests/helpers/backend-pair.js";
import { pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "../db/pg/migrations.js";
import type { ActiveSession } from "./accounts/sessions.js";
import { Catalogue } from "./catalogue.js";
import { directoryModule } from "./index.js";
import { directoryPgMigrations } from "./migrations/pg/index.js";
import type { DirectoryRepository } from "./repository.js";
import { createPgDirectoryRepository } from "./repository-pg/index.js";
import { lockServiceWrites } from "./repository-pg/queries.js";
import { writeService } from "./repository-pg/service-writes.js";
import { createSqljsDirectoryRepository } from "./repository-sqljs/index.js";
import { readSeedServices, seedDirectory } from "./seed/seed-directory.js";
import { createService, retireService, type ServiceInput, updateService } from "./service-edits.js";

const _quiet = { info() {}, warn() {}, error() {} } as never;
const NOW = new Date("2026-11-20T15:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const SEED = readSeedServices();
const EDITED = SEED[0].id;
let pair: BackendPair;
let sqljs: DirectoryRepository;
let postgres: DirectoryRepository;

beforeAll(async () => {
  pair = await startBackendPair({
    schema: "directory",
    migrations: directoryModule.migrations,
    pgMigrations: directoryPgMigrations,
    ownCluster: true, // the last test stops it
  });
  sqljs = createSqljsDirectoryRepository(pair.store);
  postgres = createPgDirectoryRepository(pair.pool);
}, 120_000);

afterAll(async () => {
  await pair?.close();
});

const admin: ActiveSession = {
  tokenHash: "t-admin",
  kind: "cookie",
  csrfHash: null,
  user: {
    id: "u-admin",
    email: "admin@example.ca",
    name: "Admin",
    role: "admin",
    organizationId: null,
    disabled: false,
    createdAt: NOW.toISOString(),
  },
};

/** A service's editable fields, as a partner or admin would send them. */
function inputOf(s: DirectoryService, over: Partial<ServiceInput> = {}): ServiceInput {
  const { organizationName: _n, version: _v, updatedAt: _u, provenance: _p, mergedIds: _m, ...input } = s;
  return { ...input, ...over } as ServiceInput;
}

const records = async (repo: DirectoryRepository, onlyId?: string) => {
  const r = await repo.loadServices(onlyId);
  return { ...r, changes: [...r.changes] };
};

/** Every read of the interface. */
async function everyRead(repo: DirectoryRepository) {
  const incidents = await repo.listIncidents();
  return {
    users: await repo.listUsers(),
    byEmail: await repo.findUserByEmail("partner@example.ca"),
    byId: await repo.findUserById("u-partner"),
    sessions: [await repo.findSession("s-1"), await repo.findSession("s-2"), await repo.findSession("none")],
    services: await records(repo),
    one: await records(repo, EDITED),
    unknown: await records(repo, "no-such-service"),
    live: await repo.countLiveServices(),
    latestChange: await repo.latestChange(),
    all: await repo.countServices(),
    audit: await repo.auditLog({ limit: 1000, offset: 0 }),
    auditOfOne: await repo.auditLog({ entityId: EDITED, limit: 2, offset: 1 }),
    organizations: [
      await repo.serviceOrganization(EDITED),
      await repo.serviceOrganization("no-such-service"),
    ],
    incidents,
    active: await repo.listIncidents({ activeOnly: true }),
    window: await repo.listIncidents({ from: at(1).toISOString(), to: at(3).toISOString() }),
    one_incident: await repo.getIncident(incidents[0]?.id ?? "none"),
    events: await Promise.all(incidents.map((i) => repo.incidentEvents(i.id))),
  };
}

/** Runs `write` on both backends; the answers (or refusals) and then every read must agree. */
async function both<T>(write: (repo: DirectoryRepository) => Promise<T>): Promise<T> {
  const versions = [await sqljs.dataVersion(), await postgres.dataVersion()];
  const outcome = (p: Promise<T>) =>
    p.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    );
  const a = await outcome(write(sqljs));
  const b = await outcome(write(postgres));
  expect(b).toEqual(a);
  expect(await everyRead(postgres)).toEqual(await everyRead(sqljs));
  if ("value" in a) {
    expect(await sqljs.dataVersion()).toBeGreaterThan(versions[0]);
    expect(await postgres.dataVersion()).toBeGreaterThan(versions[1]);
  }
  return (a as { value: T }).value;
}

describe("directory repository on sql.js and PostgreSQL", () => {
  it("start empty alike", async () => {
    expect(await everyRead(postgres)).toEqual(await everyRead(sqljs));
  });

  it("create accounts and sessions, change passwords, revoke and disable", async () => {
    const user = (id: string, email: string) => ({
      id,
      email,
      name: null,
      role: "partner" as const,
      organizationId: SEED[0].organizationId,
      passwordHash: `hash-${id}`,
      createdAt: NOW.toISOString(),
    });
    expect(await both((r) => r.createUser(user("u-partner", "partner@example.ca")))).toBe(true);
    expect(await both((r) => r.createUser(user("u-other", "partner@example.ca")))).toBe(false);
    await both((r) => r.createUser(user("u-second", "second@example.ca")));
    for (const tokenHash of ["s-1", "s-2"])
      await both((r) =>
        r.createSession({
          tokenHash,
          userId: tokenHash === "s-1" ? "u-partner" : "u-second",
          kind: "bearer",
          csrfHash: null,
          createdAt: NOW.toISOString(),
          expiresAt: at(60).toISOString(),
        }),
      );
    expect(await both((r) => r.replacePasswordHash("u-partner", "hash-u-partner", "rehashed"))).toBe(true);
    expect(await both((r) => r.replacePasswordHash("u-partner", "hash-u-partner", "again"))).toBe(false);
    await both((r) => r.setPassword("u-partner", "new-hash", at(1).toISOString()));
    await both((r) => r.revokeSession("s-2", at(2).toISOString()));
    await both((r) => r.disableUser("u-second", at(3).toISOString()));
    expect((await postgres.findSession("s-1"))?.revokedAt).toBe(at(1).toISOString());
  });

  it("replace an address's open invitation with a newer one, alike", async () => {
    const invitation = (tokenHash: string, role: "admin" | "partner", minutes: number) => ({
      tokenHash,
      email: "invited@example.ca",
      name: null,
      role,
      organizationId: role === "partner" ? SEED[0].organizationId : null,
      invitedBy: null,
      createdAt: at(minutes).toISOString(),
      expiresAt: at(minutes + 72 * 60).toISOString(),
    });
    await both((r) => r.createInvitation(invitation("inv-1", "admin", 1)));
    await both((r) => r.createInvitation(invitation("inv-2", "partner", 2)));
    for (const repo of [sqljs, postgres]) {
      expect((await repo.findInvitation("inv-1"))?.expiresAt).toBe(at(2).toISOString());
      expect((await repo.findInvitation("inv-2"))?.expiresAt).toBe(at(2 + 72 * 60).toISOString());
    }
  });

  it("list the open invitations and withdraw one, alike", async () => {
    await both((r) =>
      r.createInvitation({
        tokenHash: "inv-3",
        email: "withdrawn@example.ca",
        name: null,
        role: "admin",
        organizationId: null,
        invitedBy: "admin@example.ca",
        createdAt: at(3).toISOString(),
        expiresAt: at(3 + 72 * 60).toISOString(),
      }),
    );
    for (const repo of [sqljs, postgres])
      expect((await repo.openInvitations(at(4).toISOString())).map((i) => [i.email, i.invitedBy])).toEqual([
        ["withdrawn@example.ca", "admin@example.ca"],
        ["invited@example.ca", null],
      ]);
    expect(await both((r) => r.withdrawInvitation("withdrawn@example.ca", at(5).toISOString()))).toBe(true);
    expect(await both((r) => r.withdrawInvitation("withdrawn@example.ca", at(6).toISOString()))).toBe(false);
    for (const repo of [sqljs, postgres]) {
      expect((await repo.openInvitations(at(6).toISOString())).map((i) => i.email)).toEqual([
        "invited@example.ca",
      ]);
      expect((await repo.findInvitation("inv-3"))?.expiresAt).toBe(at(5).toISOString());
    }
  });

  it("seed the services, merging duplicates, then seed again (merges only)", async () => {
    const first = await both((r) => seedDirectory(r, NOW));
    expect(first.loaded).toBe(SEED.length);
    expect(first.merges.length).toBeGreaterThan(0);
    expect((await both((r) => seedDirectory(r, at(1)))).loaded).toBe(0);
    expect((await postgres.loadServices()).tombstones.length).toBe(first.merges.length);
  });

  it("create (flagged as a duplicate), update and retire services, refusing a stale edit", async () => {
    const copy = inputOf(SEED[0], { id: "copy-of-first" });
    const created = await both((r) => createService(r, admin, copy, at(2)));
    expect(created.duplicates.map((d) => d.id)).toContain(EDITED);
    await both((r) => createService(r, admin, copy, at(3))); // refused: the id exists
    const current = (await postgres.loadServices(EDITED)).services[0];
    await both((r) =>
      updateService(r, admin, EDITED, inputOf(current, { fees: "Free." }), current.version, at(4)),
    );
    await both((r) => updateService(r, admin, EDITED, inputOf(current), current.version, at(5))); // stale
    await both((r) => retireService(r, admin, "copy-of-first", 1, at(6)));
  });

  it("import new, changed and unchanged records, then merge look-alikes", async () => {
    const live = (await postgres.loadServices()).services;
    const changed = { ...live[1], fees: "Sliding scale." };
    // The file's own time is when its author last changed it, not when it changed here.
    const lookAlike = {
      ...live[2],
      id: "imported-look-alike",
      version: 1,
      updatedAt: "2025-03-01T12:00:00.000Z",
    };
    const same = (a: DirectoryService, b: DirectoryService) => a.fees === b.fees && a.name.en === b.name.en;
    const counts = await both((r) =>
      r.importServices([changed, live[3], lookAlike], at(7).toISOString(), same),
    );
    expect([counts.created, counts.updated, counts.unchanged, counts.duplicates.length]).toEqual([
      1, 1, 1, 1,
    ]);
    // A record new to the directory changed here at the import: what a mirror asks since then brings it.
    for (const repo of [sqljs, postgres])
      expect((await repo.loadServices("imported-look-alike")).services[0].updatedAt).toBe(
        at(7).toISOString(),
      );
    const merged = await both((r) => r.mergeDuplicates(() => true, at(8).toISOString()));
    expect(merged.map((m) => m.mergedId)).toContain("imported-look-alike");
  });

  it("open incidents under the day's next ids, advance, refuse a wrong step and escalate", async () => {
    const breach = {
      severity: "SEV-3" as const,
      title: "Slow answers",
      source: "auto" as const,
      breachKey: "api-latency",
    };
    const { incident: first, opened } = await both((r) => r.openBreachIncident(breach, at(1)));
    expect([first.id, opened]).toEqual(["INC-20261120-001", true]);
    const second = await both((r) =>
      r.openIncident(
        { severity: "SEV-1", title: "Outage", commander: "ops@example.ca", actor: "ops" },
        at(2),
      ),
    );
    expect(second.channel).toBe("#inc-20261120-002");
    await both((r) => r.advanceIncident(first.id, "acknowledge", { actor: "ops", note: "Looking" }, at(3)));
    await both((r) => r.advanceIncident(first.id, "review", { actor: "ops" }, at(4))); // 409
    await both((r) => r.advanceIncident("INC-20261120-999", "update", { actor: "ops" }, at(4))); // 404
    await both((r) =>
      r.advanceIncident(
        second.id,
        "resolve",
        { actor: "ops", falsePositive: true, commander: "lead" },
        at(5),
      ),
    );
    const raised = await both((r) =>
      r.raiseIncidentSeverity(first.id, "SEV-2", at(6).toISOString(), "Still slow"),
    );
    // Escalated to SEV-2 by the watchdog: its channel now, its commander still to be named.
    expect([raised.channel, raised.commander]).toEqual(["#inc-20261120-001", null]);
    // The breach lasts: its active incident answers, nothing new is opened.
    const again = await both((r) => r.openBreachIncident(breach, at(6)));
    expect([again.incident.id, again.incident.severity, again.opened]).toEqual([first.id, "SEV-2", false]);
    await both((r) => r.advanceIncident(first.id, "update", { actor: "ops", note: "Better" }, at(7)));
    await both((r) => r.advanceIncident(first.id, "mitigate", { actor: "ops" }, at(7))); // 409: no commander
    await both((r) => r.nameIncidentCommander(first.id, "lead@example.ca", "ops", at(8)));
    await both((r) =>
      r.assessIncidentSeverity(
        first.id,
        { severity: "SEV-1", reason: "Nobody can search", actor: "ops" },
        at(8),
      ),
    ); // accepted: the commander named above leads the SEV-1
    const assessed = await both((r) =>
      r.assessIncidentSeverity(
        first.id,
        { severity: "SEV-3", reason: "Only one route", userFacing: true, actor: "ops" },
        at(9),
      ),
    );
    expect([assessed.previousSeverity, assessed.incident.userFacing]).toEqual(["SEV-1", true]);
    await both((r) =>
      r.assessIncidentSeverity(
        second.id,
        { severity: "SEV-2", reason: "after resolution", actor: "ops" },
        at(9),
      ),
    ); // 409: resolved
  });
});

const NOTES = { resolved: "Breach cleared", released: "Breach let go" };

describe("the watchdog's breach incident on sql.js and PostgreSQL", () => {
  it("is resolved once the breach clears, and a later breach opens a new one, alike", async () => {
    const day = (minutes: number) => new Date(Date.parse("2026-11-21T09:00:00Z") + minutes * 60_000);
    const breach = {
      severity: "SEV-2" as const,
      title: "Directory thresholds breached: breaker ai flapping",
      source: "auto" as const,
      breachKey: "thresholds",
    };
    const first = await both((r) => r.openBreachIncident(breach, day(0)));
    expect([first.incident.id, first.opened]).toEqual(["INC-20261121-001", true]);
    // Nobody has taken it up: the watchdog may resolve it.
    const resolved = await both((r) => r.resolveBreachIncident("thresholds", NOTES, day(2)));
    expect(resolved).toMatchObject({
      id: first.incident.id,
      status: "resolved",
      resolvedAt: day(2).toISOString(),
      mitigatedAt: day(2).toISOString(),
    });
    expect((await postgres.incidentEvents(first.incident.id)).at(-1)).toMatchObject({
      action: "resolve",
      actor: null,
      note: "Breach cleared",
    });
    // Nothing active for the breach any more: nothing to resolve, and nothing written.
    for (const repo of [sqljs, postgres]) {
      const version = await repo.dataVersion();
      expect(await repo.resolveBreachIncident("thresholds", NOTES, day(3))).toBeNull();
      expect(await repo.dataVersion()).toBe(version);
    }
    const next = await both((r) => r.openBreachIncident(breach, day(4)));
    expect([next.incident.id, next.opened]).toEqual(["INC-20261121-002", true]);
    // Once a person has acknowledged it, it is theirs to resolve: the breach only lets go of it, with
    // a history line, so that the next breach opens (and alerts) an incident of its own.
    await both((r) => r.advanceIncident(next.incident.id, "acknowledge", { actor: "ops" }, day(5)));
    expect(await both((r) => r.resolveBreachIncident("thresholds", NOTES, day(6)))).toBeNull();
    for (const repo of [sqljs, postgres]) {
      expect(await repo.getIncident(next.incident.id)).toMatchObject({ status: "acknowledged" });
      expect((await repo.incidentEvents(next.incident.id)).at(-1)).toMatchObject({
        action: "release",
        actor: null,
        note: "Breach let go",
      });
      const version = await repo.dataVersion();
      expect(await repo.resolveBreachIncident("thresholds", NOTES, day(7))).toBeNull();
      expect(await repo.dataVersion()).toBe(version);
    }
    const third = await both((r) => r.openBreachIncident(breach, day(8)));
    expect([third.incident.id, third.opened]).toEqual(["INC-20261121-003", true]);
  });
});

describe("directory repository on PostgreSQL", () => {
  it("does not resolve a breach's incident again that a person resolved while the watchdog waited", async () => {
    const day = (minutes: number) => new Date(Date.parse("2026-11-22T09:00:00Z") + minutes * 60_000);
    const { incident } = await postgres.openBreachIncident(
      {
        severity: "SEV-3",
        title: "Directory thresholds breached: breaker alert-webhook OPEN",
        source: "auto",
        breachKey: "race",
      },
      day(0),
    );
    // A person's resolve holds the incident's row (as advanceIncident does) and commits after the
    // watchdog has read the incident as still open.
    const person = await pair.pool.connect();
    try {
      await person.query("BEGIN");
      await person.query("SELECT id FROM incidents WHERE id = $1 FOR UPDATE", [incident.id]);
      const watchdog = postgres.resolveBreachIncident("race", NOTES, day(2));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the watchdog is now waiting on the row
      await person.query("UPDATE incidents SET status = 'resolved', resolved_at = $1 WHERE id = $2", [
        day(1).toISOString(),
        incident.id,
      ]);
      await person.query("COMMIT");
      expect(await watchdog).toBeNull(); // so no "resolved" notice goes out a second time
    } finally {
      person.release();
    }
    const events = await postgres.incidentEvents(incident.id);
    expect(events.filter((e) => e.action === "resolve")).toEqual([]);
    expect((await postgres.getIncident(incident.id))?.resolvedAt).toBe(day(1).toISOString());
  });

  it("leaves nothing behind when a write fails half-way", async () => {
    const before = await everyRead(postgres);
    const current = (await postgres.loadServices(EDITED)).services[0];
    // The record and its children are rewritten before the audit row, whose time is missing.
    const edit = postgres.editService({ id: EDITED, organizationIds: [], withLive: false }, () => {
      const changed = { ...current, fees: "Changed.", version: current.version + 1, phones: [] };
      const change = { at: null as unknown as string, actor: null, action: "update" as const };
      return {
        write: { save: changed },
        change: { ...change, before: current, after: changed, id: EDITED, version: changed.version },
        result: changed,
      };
    });
    await expect(edit).rejects.toThrow(/null value/);
    // An import whose second record PostgreSQL refuses: the first is not kept either.
    const bad = { ...current, id: "never-kept-2", category: null as unknown as DirectoryService["category"] };
    const imported = postgres.importServices(
      [{ ...current, id: "never-kept-1" }, bad],
      at(9).toISOString(),
      () => false,
    );
    await expect(imported).rejects.toThrow(/null value/);
    expect(await everyRead(postgres)).toEqual(before);
  });

  it("migrates up, down to nothing and up again, each revision once when two processes start together", async () => {
    const url = pair.cluster.createDatabase("migrations");
    const [first, other] = [pair.pgPool(url), pair.pgPool(url)];
    const applied = await Promise.all([
      pgUpgrade(first, "directory", directoryPgMigrations),
      pgUpgrade(other, "directory", directoryPgMigrations),
    ]);
    expect(applied.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await pgCurrentVersion(first, "directory")).toBe(8);
    expect((await pgHistory(first, "directory", directoryPgMigrations)).every((m) => m.applied)).toBe(true);
    // Revision 6 (PostgreSQL only): sign-in attempts and task slots shared by processes; 7 the
    // incident flow; 8 partner invitations.
    for (const version of [8, 7, 6, 5, 4, 3, 2, 1])
      expect((await pgDowngrade(first, "directory", directoryPgMigrations))?.version).toBe(version);
    expect(await pgDowngrade(first, "directory", directoryPgMigrations)).toBeNull();
    const left = await first.query(
      "SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE nspname = 'directory' AND relkind IN ('r', 'S')",
    );
    expect(left.rows.map((r) => r.relname)).toEqual(["_migrations"]);
    expect(await pgUpgrade(first, "directory", directoryPgMigrations)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("gives two processes writing at once distinct incident ids and change numbers in commit order", async () => {
    const url = pair.cluster.createDatabase("two_processes");
    const pools = [pair.pgPool(url), pair.pgPool(url)];
    const [a, b] = pools.map((pool) => createPgDirectoryRepository(pool));
    await pgUpgrade(pools[1], "directory", directoryPgMigrations);
    const opens = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? a : b).openIncident({ severity: "SEV-4", title: `Alert ${i}` }, at(i)),
    );
    const ids = (await Promise.all(opens)).map((i) => i.id).sort();
    expect(ids).toEqual(
      Array.from({ length: 12 }, (_, i) => `INC-20261120-${String(i + 1).padStart(3, "0")}`),
    );
    // A breach seen by both at once opens one incident; the other calls find it.
    const breach = {
      severity: "SEV-2" as const,
      title: "Errors",
      source: "auto" as const,
      breachKey: "errors",
    };
    const seen = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).openBreachIncident(breach, NOW)),
    );
    expect(seen.filter((s) => s.opened).length).toBe(1);
    expect(new Set(seen.map((s) => s.incident.id))).toEqual(new Set(["INC-20261120-013"]));
    // Records written by both at once: every write took its own number, 1..n without a gap.
    const writes = SEED.slice(0, 12).map((s, i) =>
      (i % 2 ? a : b).importServices([s], at(i).toISOString(), () => false),
    );
    await Promise.all(writes);
    const changes = [...(await a.loadServices()).changes.values()].sort((x, y) => x - y);
    expect(changes).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("makes a service write wait for another process's pending one, so change numbers follow commit order", async () => {
    const url = pair.cluster.createDatabase("commit_order");
    const [pool, other] = [pair.pgPool(url), pair.pgPool(url)];
    await pgUpgrade(pool, "directory", directoryPgMigrations);
    // A first process is half-way through a service write: it holds its change number 1.
    const pending = await pool.connect();
    try {
      await pending.query("BEGIN");
      await lockServiceWrites(pending);
      await writeService(pending, SEED[0], NOW.toISOString());
      const later = createPgDirectoryRepository(other).importServices(
        [SEED[1]],
        NOW.toISOString(),
        () => false,
      );
      let settled = false;
      const waiting = async () => {
        while (!settled) {
          const { rows } = await pool.query(
            "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'",
          );
          if (rows.length) return "waited";
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const first = await Promise.race([later.then(() => "committed first"), waiting()]);
      settled = true;
      expect(first).toBe("waited");
      await pending.query("COMMIT");
      await later;
    } finally {
      pending.release();
    }
    const { changes } = await createPgDirectoryRepository(pool).loadServices();
    expect([changes.get(SEED[0].id), changes.get(SEED[1].id)]).toEqual([1, 2]);
  });

  it("brings one process's catalogue up to date with another's writes before it answers", async () => {
    const url = pair.cluster.createDatabase("two_catalogues");
    const [pool, other] = [pair.pgPool(url), pair.pgPool(url)];
    await pgUpgrade(pool, "directory", directoryPgMigrations);
    const writer = createPgDirectoryRepository(other);
    await writer.importServices([SEED[0]], NOW.toISOString(), () => false);
    const catalogue = new Catalogue(createPgDirectoryRepository(pool));
    await catalogue.ready();
    expect(catalogue.size()).toBe(1);
    await writer.importServices([SEED[1]], at(1).toISOString(), () => false);
    await retireService(writer, admin, SEED[0].id, 1, at(2));
    await catalogue.ready();
    expect([catalogue.get(SEED[1].id)?.id, catalogue.tombstone(SEED[0].id)?.deleted]).toEqual([
      SEED[1].id,
      true,
    ]);
    expect(catalogue.lastChange()).toBe(await writer.latestChange());
  });

  // Last: the cluster stays stopped until the file's clean-up.
  it("tells whether the database answers: not while the server is stopped", async () => {
    expect(await sqljs.check()).toBe(true);
    expect(await postgres.check()).toBe(true);
    pair.cluster.stop();
    expect(await postgres.check()).toBe(false);
  });
});
