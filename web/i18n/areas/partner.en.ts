// English messages added for the partner pages (merged into ../en.ts).
// Keys start with "partner." and must not repeat a key of ../en.ts: a repeated key would silently win.
export const partnerEn = {} as const;
