/**
 * What the archive's listings accept in their query (search, change feed, exports), as plain
 * checks: the server's parameter schemas (server/archive/schemas.ts) refuse anything else with a
 * 400, and the web pages drop such values from a page address so a bad link still opens.
 * Kept free of zod so the web pages do not load it for two checks.
 */
export const SOURCE_CODE_PATTERN = /^[a-z0-9_-]{1,50}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/** Longest search text, in characters. */
export const MAX_QUERY_LENGTH = 256;

export const isSourceCode = (s: string) => SOURCE_CODE_PATTERN.test(s);

/** A YYYY-MM-DD date that exists on the calendar (a month 13 does not). */
export const isRealDate = (s: string) => !Number.isNaN(Date.parse(s));
export const isCalendarDate = (s: string) => DATE_PATTERN.test(s) && isRealDate(s);
