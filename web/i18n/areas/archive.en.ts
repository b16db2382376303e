// English messages added for the archive pages (merged into ../en.ts).
// Keys start with "archive." and must not repeat a key of ../en.ts: a repeated key would silently win.
export const archiveEn = {} as const;
