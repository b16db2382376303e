/**
 * Ontario monthly ED performance table (CSV): one row per hospital per reporting month with the
 * average time to physician initial assessment in hours. A month's figure is stamped at the
 * first instant of that month (UTC), so re-importing the same table yields the same keys.
 */
import { checkWait, readCsv } from "./common.js";
import { FeedFormatError, type ParseResult } from "./types.js";

const REQUIRED = ["Hospital", "Reporting Month", "Avg Time to Physician Initial Assessment (hours)"];

export function parseOntarioFeed(text: string, now = Date.now()): ParseResult {
  const { header, rows } = readCsv(text, ",");
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) throw new FeedFormatError(`Ontario table lacks column(s): ${missing.join(", ")}`);
  const iName = header.indexOf("Hospital");
  const iMonth = header.indexOf("Reporting Month");
  const iHours = header.indexOf("Avg Time to Physician Initial Assessment (hours)");
  const result: ParseResult = { observations: [], errors: [] };
  for (const { line, cells } of rows) {
    if (cells.length !== header.length) {
      result.errors.push({ line, reason: `expected ${header.length} columns, found ${cells.length}` });
      continue;
    }
    const name = cells[iName];
    if (!name) {
      result.errors.push({ line, reason: "Hospital is empty" });
      continue;
    }
    const m = /^(\d{4})-(\d{2})$/.exec(cells[iMonth]);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) {
      result.errors.push({ line, reason: `Reporting Month "${cells[iMonth]}" is not YYYY-MM` });
      continue;
    }
    const observedAt = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
    if (observedAt > now) {
      result.errors.push({ line, reason: `Reporting Month ${cells[iMonth]} is in the future` });
      continue;
    }
    const hours = cells[iHours] === "" ? null : Number(cells[iHours]);
    const minutes = hours === null ? null : Math.round(hours * 60 * 10) / 10;
    const bad = checkWait(minutes, "Avg Time to Physician Initial Assessment");
    if (bad) {
      result.errors.push({ line, reason: bad });
      continue;
    }
    result.observations.push({
      line,
      hospitalRefs: [name],
      observedAt,
      metricFamily: "TIME_TO_PROVIDER",
      value: minutes!,
      unit: "minutes",
    });
  }
  return result;
}
