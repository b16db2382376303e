/**
 * Query parameters that the archive's search, change feed and exports share, written once so the
 * three read a source, a date range, a yes/no flag and a page the same way and refuse the same
 * values with the same words.
 */
import { z } from "@hono/zod-openapi";
import {
  DATE_PATTERN,
  isRealDate,
  isTimeZone,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  SOURCE_CODE_PATTERN,
} from "../../shared/archive/query-rules.js";
import { validationError } from "../core/errors.js";

/** A calendar date; a well-formed but impossible one (month 13) is refused too. */
export const dateParam = z
  .string()
  .regex(DATE_PATTERN, "must be a date YYYY-MM-DD")
  .refine(isRealDate, "must be a real date");

/**
 * A yes/no query parameter (true, false, 1 or 0) that may be left out: the default is one of its
 * strings, so the document's `default` is a value the parameter takes (a boolean was not).
 */
export const flagWithDefault = (value: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(value ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

/** Which captures: one source, and capture dates from/to (inclusive, days in tz, UTC by default). */
export const captureFilterParams = {
  source: z
    .string()
    .regex(SOURCE_CODE_PATTERN, "must be a source code (letters, digits, - or _; at most 50)")
    .optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, "must be an IANA time zone such as America/Toronto")
    .optional()
    .openapi({
      description:
        "The time zone from and to are days in (UTC when not given): a reader's own, so a capture at 21:00 in Vancouver counts on that day there.",
    }),
};

export const languageParam = z.enum(["en", "fr"]);

/** A page of a listing: page 1 to 10,000 of 1 to 100 entries (20 unless asked). */
export const pageParams = {
  page: z.coerce.number().int("must be an integer").min(1, "must be 1 or more").max(MAX_PAGE).default(1),
  pageSize: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be 1 or more")
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(20),
};

/** A date range the wrong way round is refused rather than read as empty. */
export function checkDateOrder(q: { from?: string; to?: string }): void {
  if (q.from && q.to && q.from > q.to)
    throw validationError(`Invalid query parameter "from": ${q.from} is after "to" ${q.to}.`);
}
