/**
 * The journal format and its replay, shared by the main thread (store.ts) and the checkpoint
 * worker (checkpoint-worker.mjs). Plain JavaScript so the worker runs under node, tsx and vitest
 * alike; the types are in journal-codec.d.mts.
 *
 * `<name>.journal` is a sequence of records, one per committed transaction:
 *   u32 LE payload length | u32 LE CRC-32 | u64 LE sequence number | payload (UTF-8 JSON)
 * The CRC covers the length, the sequence number and the payload, so a torn or bit-flipped record
 * is detected. A bad record with intact records after it is damage, not a torn tail: see
 * journal-scan.mjs.
 * The payload is `[[sql, params|null, failed?], ...]`: the statements of the transaction in order.
 * `failed` marks a statement that threw and was caught by the writer; replay runs it and ignores
 * the same error, so its partial effects (if any) are reproduced exactly.
 */
export { fsyncDir, readJournalFile, writeFileDurably } from "./durable-files.mjs";

import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

export const HEADER_BYTES = 16;
const MAX_RECORD_BYTES = 1024 * 1024 * 1024;

let sqlJsPromise;
/** Loads sql.js once per thread, with the wasm file taken from node_modules/sql.js/dist. */
export function loadSqlJs() {
  if (!sqlJsPromise) {
    const require = createRequire(import.meta.url);
    const distDir = path.dirname(require.resolve("sql.js"));
    const initSqlJs = require("sql.js");
    sqlJsPromise = initSqlJs({ locateFile: (file) => path.join(distDir, file) });
  }
  return sqlJsPromise;
}

/** Opens the database file (or an empty database) with the settings every copy must share. */
export function openDatabase(SQL, bytes) {
  const db = bytes ? new SQL.Database(bytes) : new SQL.Database();
  // Replay must behave like the original run, so both sides enforce foreign keys.
  db.exec("PRAGMA foreign_keys=ON");
  db.exec("CREATE TABLE IF NOT EXISTS _store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
  return db;
}

export function getLastSeq(db) {
  const res = db.exec("SELECT value FROM _store_meta WHERE key = 'last_seq'");
  return res.length ? Number(res[0].values[0][0]) : 0;
}

export function setLastSeq(db, seq) {
  db.run("INSERT OR REPLACE INTO _store_meta (key, value) VALUES ('last_seq', ?)", [seq]);
}

function encodeValue(v) {
  if (v instanceof Uint8Array)
    return { $b: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  if (typeof v === "bigint") return { $i: v.toString() };
  if (typeof v === "number" && !Number.isFinite(v)) return { $f: String(v) };
  return v === undefined ? null : v;
}

function decodeValue(v) {
  if (v === null || typeof v !== "object") return v;
  if ("$b" in v) return new Uint8Array(Buffer.from(v.$b, "base64"));
  if ("$i" in v) return BigInt(v.$i);
  if ("$f" in v) return Number(v.$f);
  return v;
}

/** Turns statement parameters into JSON-safe values (blobs as base64, bigints as strings). */
export function encodeParams(params) {
  if (params == null) return null;
  if (Array.isArray(params)) return params.map(encodeValue);
  const out = {};
  for (const [k, v] of Object.entries(params)) out[k] = encodeValue(v);
  return out;
}

export function decodeParams(params) {
  if (params == null) return undefined;
  if (Array.isArray(params)) return params.map(decodeValue);
  const out = {};
  for (const [k, v] of Object.entries(params)) out[k] = decodeValue(v);
  return out;
}

/** Runs one statement the same way on the live database and during replay. */
export function execStatement(db, sql, params) {
  if (params === undefined || params === null) db.run(sql);
  else db.run(sql, params);
}

function checksum(header, payload) {
  const c = zlib.crc32(header.subarray(0, 4));
  return zlib.crc32(payload, zlib.crc32(header.subarray(8, 16), c));
}

/** Encodes one transaction (sequence number + encoded statements) as a journal record. */
export function encodeRecord(seq, statements) {
  const payload = Buffer.from(JSON.stringify(statements), "utf8");
  const buf = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  buf.writeUInt32LE(payload.length, 0);
  buf.writeBigUInt64LE(BigInt(seq), 8);
  payload.copy(buf, HEADER_BYTES);
  buf.writeUInt32LE(checksum(buf, buf.subarray(HEADER_BYTES)), 4);
  return buf;
}

/**
 * Reads the record starting at byte `off`: `{ record, end }` when it is whole and its checksum
 * and payload are good, else `{ problem, torn }` saying what is wrong with it. `torn` means short
 * (what a crash during the write leaves); a whole record that fails its checksum is not torn.
 */
export function readRecordAt(buf, off) {
  if (buf.length - off < HEADER_BYTES) return { problem: `torn record header at byte ${off}`, torn: true };
  const len = buf.readUInt32LE(off);
  if (len > MAX_RECORD_BYTES || off + HEADER_BYTES + len > buf.length) {
    return {
      problem: `torn record at byte ${off} (length ${len}, ${buf.length - off - HEADER_BYTES} bytes left)`,
      torn: true,
    };
  }
  const end = off + HEADER_BYTES + len;
  const header = buf.subarray(off, off + HEADER_BYTES);
  const payload = buf.subarray(off + HEADER_BYTES, end);
  // A file system may leave zeros where a write never landed (power loss): that is a torn write too.
  const zeros = () => buf.subarray(off, end).every((b) => b === 0);
  if (checksum(header, payload) !== buf.readUInt32LE(off + 4)) {
    return { problem: `checksum mismatch in record at byte ${off}`, torn: zeros() };
  }
  let statements;
  try {
    statements = JSON.parse(payload.toString("utf8"));
  } catch {
    return { problem: `unreadable payload in record at byte ${off}`, torn: false };
  }
  const seq = buf.readUInt32LE(off + 8) + buf.readUInt32LE(off + 12) * 2 ** 32;
  return { record: { seq, statements }, end };
}

/**
 * Splits a journal into its intact records, each with its byte `offset`. Stops at the first record
 * that is short, fails its checksum or does not parse; `validBytes` is where the intact prefix
 * ends, `problem` says why, `torn` whether that record is short (see readRecordAt).
 */
export function parseJournal(buf) {
  const records = [];
  let off = 0;
  let problem = null;
  let torn = false;
  while (off < buf.length) {
    const read = readRecordAt(buf, off);
    if (read.problem) {
      problem = read.problem;
      torn = read.torn;
      break;
    }
    records.push({ ...read.record, offset: off });
    off = read.end;
  }
  return { records, validBytes: off, problem, torn };
}

/**
 * Applies records whose sequence number is above `afterSeq`, one transaction each, in order.
 * A missing sequence number is never skipped over: it throws (see journal-scan's sequenceGap).
 * Returns the highest sequence number now reflected in the database.
 */
export function replayRecords(db, records, afterSeq) {
  let last = afterSeq;
  for (const rec of records) {
    if (rec.seq <= last) continue;
    if (rec.seq !== last + 1) {
      const span = rec.seq === last + 2 ? `record ${last + 1} is` : `records ${last + 1}–${rec.seq - 1} are`;
      throw new Error(`journal ${span} missing before record ${rec.seq}`);
    }
    db.exec("BEGIN");
    try {
      for (const [sql, params, failed] of rec.statements) {
        if (failed) {
          try {
            execStatement(db, sql, decodeParams(params));
          } catch {
            // The original run saw this statement fail too; its error was handled by the writer.
          }
        } else {
          execStatement(db, sql, decodeParams(params));
        }
      }
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw new Error(`journal record ${rec.seq} could not be replayed: ${err.message}`);
    }
    last = rec.seq;
  }
  return last;
}
