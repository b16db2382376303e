/**
 * Password hashing with scrypt (node:crypto) at OWASP's current recommendation, N=2^17, r=8, p=1.
 * Stored form: `scrypt$N$r$p$salt$hash` (base64url), so hashes made at an older cost still verify
 * and can be replaced at the next sign-in (`needsRehash`). Verification compares in constant time.
 *
 * One hash holds 128·N·r bytes (128 MiB) and a core for about a second on a libuv pool thread. At
 * most HASH_SLOTS run at once: the cores' worth, and never more than leaves two pool threads free,
 * since every journal fsync in the app waits behind the hashes otherwise (measured: ~2 s instead
 * of ~5 ms).
 * Which sign-in gets a slot, fairly between client addresses, is hash-turns.ts's business.
 *
 * Test runs hash at a lower N (CHC_TEST_SCRYPT_N, set by the suites' global setups): hundreds of
 * sign-ins at full cost were a fifth of the unit suite's CPU. The files about hashing itself (its
 * format, the rehash, the turns and the floods) run at production's cost (tests/helpers/
 * hash-cost.ts). Nothing a deployment reads sets it: the configuration (core/config.ts) has no
 * such setting.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import os from "node:os";

const COST = { n: 2 ** 17, r: 8, p: 1 };
export const TEST_COST_ENV = "CHC_TEST_SCRYPT_N";
const KEY_LENGTH = 32;
const MAX_HASH_MEMORY = 128 * 1024 * 1024;
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASH_SLOTS = Math.max(1, Math.min(os.availableParallelism(), LIBUV_THREADS - 2));
export const MIN_PASSWORD_LENGTH = 12;

interface StoredHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Today's cost: production's, or a test run's lower N (a power of two from 2^10 to 2^16). */
function currentCost(): { n: number; r: number; p: number } {
  const n = Number(process.env[TEST_COST_ENV]);
  return Number.isInteger(Math.log2(n)) && n >= 2 ** 10 && n < COST.n ? { ...COST, n } : COST;
}

let running = 0;
/** How long a hash takes in this process at each cost (by N): a moving average once one ran. */
const typicalHashMs = new Map<number, number>();

function remember(n: number, ms: number): void {
  const before = typicalHashMs.get(n);
  typicalHashMs.set(n, before === undefined ? ms : 0.8 * before + 0.2 * ms);
}

/** Seconds a hash takes here (one second until one was timed), for telling clients when to retry. */
export function typicalHashSeconds(): number {
  return (typicalHashMs.get(currentCost().n) ?? 1000) / 1000;
}
const waiting: Array<() => void> = [];

async function scrypt(
  password: string,
  salt: Buffer,
  cost: { n: number; r: number; p: number },
): Promise<Buffer> {
  while (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const started = performance.now();
  try {
    const key = await new Promise<Buffer>((resolve, reject) => {
      // maxmem is only a ceiling; scrypt needs 128·N·r bytes plus a little, so allow twice that.
      const options = { N: cost.n, r: cost.r, p: cost.p, maxmem: 2 * 128 * cost.n * cost.r };
      scryptCb(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
        err ? reject(err) : resolve(key),
      );
    });
    // Kept per N (the map's key); a stored hash with another r or p was not made here.
    if (cost.r === COST.r && cost.p === COST.p) remember(cost.n, performance.now() - started);
    return key;
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function parse(stored: string): StoredHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const sane =
    Number.isInteger(Math.log2(n)) && n >= 2 && [r, p].every((v) => Number.isInteger(v) && v >= 1 && v <= 16);
  // A damaged row must not make the server allocate gigabytes.
  if (!sane || 128 * n * r > MAX_HASH_MEMORY) return null;
  return { n, r, p, salt: Buffer.from(parts[4], "base64url"), key: Buffer.from(parts[5], "base64url") };
}

export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost.n}$${cost.r}$${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** True when a stored hash was made at another cost than today's, and should be replaced. */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  const cost = currentCost();
  return !hash || hash.n !== cost.n || hash.r !== cost.r || hash.p !== cost.p;
}

/**
 * Stands in for the hash of an unknown account, at today's cost, so that checking it takes as long
 * as checking a real one. Its key is random bytes rather than a computed hash: no password matches
 * it, and making it costs nothing.
 */
export function dummyHash(): string {
  const cost = currentCost();
  return ["scrypt", cost.n, cost.r, cost.p, randomBytes(16), randomBytes(KEY_LENGTH)]
    .map((part) => (Buffer.isBuffer(part) ? part.toString("base64url") : String(part)))
    .join("$");
}

/**
 * Takes as long as checking a password at today's cost without hashing, so refusing an unknown
 * account costs no CPU yet answers in the same time as a wrong password. Until this process has
 * timed a hash at today's cost, it hashes once (a random password against a stand-in) to learn how
 * long one takes.
 */
export async function waitAsLongAsAHash(): Promise<void> {
  const ms = typicalHashMs.get(currentCost().n);
  if (ms === undefined) {
    await verifyPassword(randomBytes(16).toString("base64url"), dummyHash());
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, ms));
}
