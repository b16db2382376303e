/**
 * BC (PHSA, edwaittimes.ca) live wait times (JSON): a list of facilities, each with its code,
 * name, the 90th-percentile wait to a physician in minutes, and when that figure was computed.
 */
import { checkWait, jsonNumber, parseTimestamp } from "./common.js";
import { objectStartLines, walkObjects } from "./json-lines.js";
import { FeedFormatError, type ParseResult } from "./types.js";

export function parseBritishColumbiaFeed(text: string, now = Date.now()): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new FeedFormatError(`BC feed is not valid JSON: ${(e as Error).message}`);
  }
  const facilities = (doc as { facilities?: unknown })?.facilities;
  if (!Array.isArray(facilities)) throw new FeedFormatError('BC feed must have a "facilities" array');
  const result: ParseResult = { observations: [], errors: [] };
  walkObjects(doc, objectStartLines(text), (obj, line, path) => {
    if (path.length !== 2 || path[0] !== "facilities") return;
    const ref = typeof obj.facility_id === "string" && obj.facility_id ? obj.facility_id : obj.name;
    if (typeof ref !== "string" || !ref.trim())
      return void result.errors.push({ line, reason: "facility has neither facility_id nor name" });
    const minutes = jsonNumber(obj.wait_p90_minutes);
    const bad = checkWait(minutes, "wait_p90_minutes");
    if (bad) return void result.errors.push({ line, reason: bad });
    const ts = parseTimestamp(obj.updated_at, now);
    if ("error" in ts) return void result.errors.push({ line, reason: ts.error });
    const refs = [ref.trim()];
    if (typeof obj.name === "string" && obj.name.trim() && obj.name !== ref) refs.push(obj.name.trim());
    result.observations.push({
      line,
      hospitalRefs: refs,
      observedAt: ts.ok,
      metricFamily: "TIME_TO_PROVIDER",
      value: minutes!,
      unit: "minutes",
    });
  });
  return result;
}
