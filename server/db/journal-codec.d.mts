/** Types for journal-codec.mjs (the journal format shared with the checkpoint worker). */
import type { Database, SqlJsStatic } from "sql.js";
import type { SqlParams } from "./types.js";

export type EncodedParams = unknown[] | Record<string, unknown> | null;
/** One journaled statement: sql, encoded params, and 1 when the writer saw it fail. */
export type JournalStatement = [string, EncodedParams] | [string, EncodedParams, 1];
export interface JournalRecord {
  seq: number;
  statements: JournalStatement[];
}
/** A record with its byte offset in its file. */
export interface LocatedRecord extends JournalRecord {
  offset: number;
}
export interface ParsedJournal {
  records: LocatedRecord[];
  validBytes: number;
  problem: string | null;
  /** The bad record is short (a torn write), not whole with a bad checksum. */
  torn: boolean;
}

export const HEADER_BYTES: number;
export function loadSqlJs(): Promise<SqlJsStatic>;
export function openDatabase(SQL: SqlJsStatic, bytes?: Uint8Array | null): Database;
export function getLastSeq(db: Database): number;
export function setLastSeq(db: Database, seq: number): void;
export function encodeParams(params: SqlParams | undefined): EncodedParams;
export function decodeParams(params: EncodedParams): SqlParams | undefined;
export function execStatement(db: Database, sql: string, params: SqlParams | undefined): void;
export function encodeRecord(seq: number, statements: JournalStatement[]): Buffer;
export function readRecordAt(
  buf: Buffer,
  off: number,
):
  | { record: JournalRecord; end: number; problem?: undefined; torn?: undefined }
  | { problem: string; torn: boolean; record?: undefined; end?: undefined };
export function parseJournal(buf: Buffer): ParsedJournal;
export function replayRecords(db: Database, records: JournalRecord[], afterSeq: number): number;

export { fsyncDir, readJournalFile, writeFileDurably } from "./durable-files.mjs";
