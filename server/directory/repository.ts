/**
 * Everything the community directory reads or writes through its repository, as one
 * asynchronous interface made of areas. Routes, tasks, the CLI and the domain code call only
 * this; the SQL lives in a backend (`repository-sqljs/` today). Each write method is one
 * transaction: it happens whole, acknowledged once durable, or not at all.
 */
import type { DirectoryService, Tombstone } from "../../shared/directory/index.js";
import type { Attempt, Limit, Reservation } from "../core/failure-window.js";
import type { TaskSlotsRepository } from "../core/task-slots.js";
import type { Role, User } from "./accounts/users.js";
import type {
  Incident,
  IncidentAction,
  IncidentActionOptions,
  OpenInput,
  SeverityAssessment,
} from "./incidents/incident-log.js";
import type { Severity } from "./incidents/severity.js";
import type { MergeStep } from "./merge-services.js";

export interface NewUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string | null;
  passwordHash: string;
  createdAt: string;
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  kind: "cookie" | "bearer";
  csrfHash: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface StoredSession {
  tokenHash: string;
  userId: string;
  kind: "cookie" | "bearer";
  csrfHash: string | null;
  expiresAt: string;
  revokedAt: string | null;
}

/** Accounts and sessions (tokens are only ever stored as hashes). */
export interface AccountsRepository {
  /** false when an account with that email exists already (nothing is written then). */
  createUser(user: NewUser): Promise<boolean>;
  listUsers(): Promise<User[]>;
  /** `email` already trimmed and lower-cased. */
  findUserByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined>;
  findUserById(id: string): Promise<User | undefined>;
  /** Disables the account and revokes all its sessions, together. */
  disableUser(userId: string, at: string): Promise<void>;
  /** Sets a new password hash and revokes the account's sessions, together. */
  setPassword(userId: string, passwordHash: string, at: string): Promise<void>;
  /** Swaps the hash only if it is still `previous` (a reset made meanwhile wins); true if swapped. */
  replacePasswordHash(userId: string, previous: string, next: string): Promise<boolean>;
  createSession(session: NewSession): Promise<void>;
  findSession(tokenHash: string): Promise<StoredSession | undefined>;
  revokeSession(tokenHash: string, at: string): Promise<void>;
}

/** An administrator's invitation (accounts/invitations.ts); only its token's hash is kept. */
export interface NewInvitation {
  tokenHash: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string | null;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface StoredInvitation extends NewInvitation {
  usedAt: string | null;
}

export type InvitationOutcome = "accepted" | "unknown" | "used" | "expired" | "exists";

/** One-time invitations to set a password. */
export interface InvitationsRepository {
  createInvitation(invitation: NewInvitation): Promise<void>;
  findInvitation(tokenHash: string): Promise<StoredInvitation | undefined>;
  /**
   * One transaction: refuses a link already used or expired at `at`, or an email that has an
   * account by then; otherwise creates `user` and marks the link used, so it works once.
   */
  acceptInvitation(tokenHash: string, user: NewUser, at: string): Promise<InvitationOutcome>;
  /** The invitations neither used nor expired at `at`, newest first. */
  openInvitations(at: string): Promise<StoredInvitation[]>;
  /** Ends the open invitation of `email` at `at` (its link stops working); false when it had none. */
  withdrawInvitation(email: string, at: string): Promise<boolean>;
}

/**
 * Sign-in failure limits (accounts/login-throttle.ts), shared by every process on PostgreSQL and
 * held in memory by sql.js's one process. An attempt is counted before its password is checked:
 * the check against every limit and the counting are one step (one transaction on PostgreSQL).
 */
export interface SignInLimitsRepository {
  /** Counts an attempt against every limit, or says how long to wait when one is reached. */
  reserveSignIn(limits: readonly Limit[], windowMs: number): Promise<Reservation>;
  /** Uncounts an attempt that proved legitimate. */
  forgiveSignIn(attempt: Attempt): Promise<void>;
  /** Forgets every attempt against one key (an account after its owner signed in). */
  clearSignIns(key: string): Promise<void>;
}

/** What the in-memory catalogue is built from. */
export interface ServiceRecords {
  services: DirectoryService[];
  tombstones: Tombstone[];
  /** Each record's change number (every write of a service takes the next one). */
  changes: Map<string, number>;
}

/** Service records as read (writes come with the edits, merges and imports). */
export interface ServicesRepository {
  /** Every live service and tombstone, or only the record `onlyId` (none when unknown). */
  loadServices(onlyId?: string): Promise<ServiceRecords>;
  countLiveServices(): Promise<number>;
  /** The newest change number written by any process (0 when there is no service). */
  latestChange(): Promise<number>;
}

export type Actor = { id: string; email: string } | null;

/** One audited change of a service: who, when, the record before and after. */
export interface ServiceChange {
  at: string;
  actor: Actor;
  action: "create" | "update" | "retire" | "import" | "merge";
  before: unknown;
  after: unknown;
  id: string;
  version: number;
}

/** A record that may duplicate others, flagged for an admin to look at (nothing is merged). */
export interface DuplicateFlag {
  id: string;
  name: string;
  score: number;
  evidence: string[];
}

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** What a service edit reads inside its transaction before deciding. */
export interface ServiceLookup {
  id: string;
  /** Organizations whose names the decision needs (the record's own is added). */
  organizationIds: string[];
  /** Whether the decision needs every live service (a create's duplicate check does). */
  withLive: boolean;
  /** Location ids the record will list, whose present holders the decision needs. */
  locationIds?: string[];
}

/** Who holds a location id already: the organization of its row and the live services listing it. */
export interface LocationHolder {
  organizationId: string;
  serviceIds: string[];
  /** The place as the first of those services lists it (null when none does). */
  listed: DirectoryService["locations"][number] | null;
}

export interface ServiceSnapshot {
  current: DirectoryService | null;
  /** The id names a retired record. */
  retired: boolean;
  /** The live record this id was merged into, or null. */
  mergedInto: string | null;
  /** Name of each organization asked for; an unknown id is its own name. */
  organizationName(id: string): string;
  /** Every live service when asked for, else empty. */
  live: DirectoryService[];
  /** The holder of each asked location id that exists (an id absent here is new). */
  locationHolders: Map<string, LocationHolder>;
}

/** What an edit writes, decided from the snapshot; the decision throws to refuse (nothing written). */
export interface ServiceWrite<T> {
  write: { save: DirectoryService } | { retire: string };
  change: ServiceChange;
  duplicates?: DuplicateFlag[];
  result: T;
}

/** Service edits with their audit trail: each edit is one read-decide-write transaction. */
export interface ServiceEditsRepository {
  editService<T>(lookup: ServiceLookup, decide: (found: ServiceSnapshot) => ServiceWrite<T>): Promise<T>;
  /** The audit log, newest first, optionally of one record. */
  auditLog(opts: {
    entityId?: string;
    limit: number;
    offset: number;
  }): Promise<{ entries: AuditEntry[]; total: number }>;
  /** The organization a service belongs (or belonged) to; null when no such service ever existed. */
  serviceOrganization(id: string): Promise<string | null>;
}

/** The incident log: ids and steps are decided inside each write's transaction. */
export interface IncidentsRepository {
  /** Opens an incident under the next id of its day (INC-YYYYMMDD-NNN). */
  openIncident(input: OpenInput, now: Date): Promise<Incident>;
  /** Applies an action (see `incidentStep`) with its event; 404 or 409 write nothing. */
  advanceIncident(
    id: string,
    action: IncidentAction,
    opts: IncidentActionOptions,
    now: Date,
  ): Promise<Incident>;
  getIncident(id: string): Promise<Incident | undefined>;
  /** Newest first; `from`/`to` bound the detection time. */
  listIncidents(opts?: { from?: string; to?: string; activeOnly?: boolean }): Promise<Incident[]>;
  incidentEvents(
    id: string,
  ): Promise<{ at: string; actor: string | null; action: string; note: string | null }[]>;
  /**
   * Opens an incident for a breach unless one for it is still active, which is returned instead
   * (`opened` false): a lasting breach opens only one, however many processes see it at once.
   */
  openBreachIncident(
    input: OpenInput & { breachKey: string },
    now: Date,
  ): Promise<{ incident: Incident; opened: boolean }>;
  /**
   * The watchdog's closing of its breach's incident once every threshold passes again. An incident
   * nobody has taken up is resolved (and mitigated, if it was not) with `notes.resolved` in its
   * history, and returned. One a person has acknowledged or mitigated stays theirs to resolve: the
   * breach only lets go of it (`notes.released` in its history), so a later breach opens, and
   * alerts, an incident of its own; null then, as when nothing is active (and nothing is written).
   */
  resolveBreachIncident(
    breachKey: string,
    notes: { resolved: string; released: string },
    now: Date,
  ): Promise<Incident | null>;
  /** The watchdog's escalation; a SEV-1/2 gets its channel. Returns the incident as it now is. */
  raiseIncidentSeverity(id: string, severity: Severity, at: string, reason: string): Promise<Incident>;
  /** The operator's severity assessment (see `assessSeverity`), with its history line. */
  assessIncidentSeverity(
    id: string,
    assessment: SeverityAssessment,
    now: Date,
  ): Promise<{ incident: Incident; previousSeverity: Severity }>;
  /** Names or changes the commander, with its history line. */
  nameIncidentCommander(id: string, commander: string, actor: string | null, now: Date): Promise<Incident>;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** New services that look like live ones (flagged in the audit log, written all the same). */
  duplicates: Array<{ id: string; of: DuplicateFlag[] }>;
}

/** Bulk writes: the seed, HSDS imports and duplicate merges, each one audited transaction. */
export interface ImportsRepository {
  /** Live services and tombstones. */
  countServices(): Promise<number>;
  /** Merges the duplicates (merge-services.ts plans them) among the live services `eligible` accepts. */
  mergeDuplicates(eligible: (s: DirectoryService) => boolean, at: string): Promise<MergeStep[]>;
  /** Writes the seed's records, then merges the duplicates among them. */
  seedServices(services: DirectoryService[], at: string): Promise<MergeStep[]>;
  /** Writes each record that is new or differs (`same` says which are unchanged); flags look-alikes. */
  importServices(
    services: DirectoryService[],
    at: string,
    same: (a: DirectoryService, b: DirectoryService) => boolean,
  ): Promise<ImportCounts>;
}

export interface DirectoryRepository
  extends AccountsRepository,
    InvitationsRepository,
    SignInLimitsRepository,
    TaskSlotsRepository,
    ImportsRepository,
    ServicesRepository,
    ServiceEditsRepository,
    IncidentsRepository {
  /**
   * Changes whenever the module's data changes, whoever wrote it: computed views are cached under
   * it, so a write is visible in the next answer.
   */
  dataVersion(): Promise<number>;
  /** Whether the database answers a query now (the health figures and the watchdog ask). */
  check(): Promise<boolean>;
}
