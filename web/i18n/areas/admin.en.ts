// English messages added for the admin pages (merged into ../en.ts).
// Keys start with "admin." and must not repeat a key of ../en.ts: a repeated key would silently win.
export const adminEn = {} as const;
