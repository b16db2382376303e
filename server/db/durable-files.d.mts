/** Types for durable-files.mjs. */
export function readJournalFile(file: string): Buffer;
export function fsyncDir(dir: string): void;
export function writeFileDurably(
  target: string,
  tmp: string,
  bytes: Uint8Array,
  syncEveryBytes?: number,
): void;
export function writeFileDurablyAsync(target: string, tmp: string, bytes: Uint8Array): Promise<void>;
