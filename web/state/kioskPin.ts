// The staff PIN that locks kiosk mode. Only a salted PBKDF2 hash is kept (Web Crypto), never the
// PIN itself. A short PIN has little entropy, so the hash only keeps it from being read off the
// device at a glance; the real protection is the growing wait after wrong guesses (kioskPinThrottle).
export const PIN_PATTERN = /^\d{4,12}$/;
const ITERATIONS = 150_000;

export interface PinRecord {
  salt: string;
  iterations: number;
  hash: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(pin), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPin(pin: string): Promise<PinRecord> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return {
    salt: toBase64(salt),
    iterations: ITERATIONS,
    hash: toBase64(await derive(pin, salt, ITERATIONS)),
  };
}

/** Compares in constant time, so how long a refusal takes says nothing about the PIN. */
export async function pinMatches(pin: string, record: PinRecord): Promise<boolean> {
  const expected = fromBase64(record.hash);
  const actual = await derive(pin, fromBase64(record.salt), record.iterations);
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < actual.length; i++) difference |= actual[i] ^ (expected[i] ?? 0);
  return difference === 0;
}

export function parsePinRecord(raw: string | null): PinRecord | null {
  try {
    const value = raw ? JSON.parse(raw) : null;
    const ok =
      typeof value?.salt === "string" &&
      typeof value?.hash === "string" &&
      Number.isInteger(value?.iterations) &&
      value.iterations > 0;
    return ok ? { salt: value.salt, iterations: value.iterations, hash: value.hash } : null;
  } catch {
    return null;
  }
}
