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
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import os from "node:os";

const COST = { n: 2 ** 17, r: 8, p: 1 };
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

let running = 0;
/** How long a hash at today's cost takes in this process: a moving average, null until one ran. */
let typicalHashMs: number | null = null;

function remember(ms: number): void {
  typicalHashMs = typicalHashMs === null ? ms : 0.8 * typicalHashMs + 0.2 * ms;
}

/** Seconds a hash takes here (one second until one was timed), for telling clients when to retry. */
export function typicalHashSeconds(): number {
  return (typicalHashMs ?? 1000) / 1000;
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
    if (cost.n === COST.n && cost.r === COST.r && cost.p === COST.p) remember(performance.now() - started);
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
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return `scrypt$${COST.n}$${COST.r}$${COST.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
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
  return !hash || hash.n !== COST.n || hash.r !== COST.r || hash.p !== COST.p;
}

/**
 * Stands in for the hash of an unknown account, at today's cost, so that checking it takes as long
 * as checking a real one. Its key is random bytes rather than a computed hash: no password matches
 * it, and building it costs nothing at start-up.
 */
export const DUMMY_HASH = ["scrypt", COST.n, COST.r, COST.p, randomBytes(16), randomBytes(KEY_LENGTH)]
  .map((part) => (Buffer.isBuffer(part) ? part.toString("base64url") : String(part)))
  .join("$");

/**
 * Takes as long as checking a password at today's cost without hashing, so refusing an unknown
 * account costs no CPU yet answers in the same time as a wrong password. Until this process has
 * timed a hash, it hashes once (a random password against DUMMY_HASH) to learn how long one takes.
 */
export async function waitAsLongAsAHash(): Promise<void> {
  if (typicalHashMs === null) {
    await verifyPassword(randomBytes(16).toString("base64url"), DUMMY_HASH);
    return;
  }
  const ms = typicalHashMs;
  await new Promise((resolve) => setTimeout(resolve, ms));
}
