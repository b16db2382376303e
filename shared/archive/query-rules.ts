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

/**
 * A YYYY-MM-DD date that exists on the calendar: neither a month 13 nor a 30 February (which
 * Date.parse alone reads as 2 March), so the date must come back from its own time unchanged.
 */
export const isRealDate = (s: string) => {
  const t = Date.parse(`${s}T00:00:00.000Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
};
export const isCalendarDate = (s: string) => DATE_PATTERN.test(s) && isRealDate(s);
