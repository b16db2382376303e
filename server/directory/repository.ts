/**
 * Everything the community directory reads or writes through its repository, as one
 * asynchronous interface made of areas. Routes, tasks, the CLI and the domain code call only
 * this; the SQL lives in a backend (`repository-sqljs/` today). Each write method is one
 * transaction: it happens whole, acknowledged once durable, or not at all.
 */
import type { DirectoryService, Tombstone } from "../../shared/directory/index.js";
import type { Role, User } from "./accounts/users.js";

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
}

export interface DirectoryRepository extends AccountsRepository, ServicesRepository {
  /**
   * Changes whenever the module's data changes, whoever wrote it: computed views are cached under
   * it, so a write is visible in the next answer.
   */
  dataVersion(): Promise<number>;
}
