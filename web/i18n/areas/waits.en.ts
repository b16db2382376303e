// English messages added for the waits pages (merged into ../en.ts).
// Keys start with "waits." and must not repeat a key of ../en.ts: a repeated key would silently win.
export const waitsEn = {} as const;
