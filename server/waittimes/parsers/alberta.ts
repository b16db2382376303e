/**
 * Alberta Health Services live wait times (JSON). Shape: city → category → list of sites, each
 * with a display name, a wait written as text ("2 hr 15 min") and its own timestamp. Only the
 * "Emergency" category is an emergency department; urgent-care lists are skipped on purpose.
 */
import { checkWait, parseDuration, parseTimestamp } from "./common.js";
import { objectStartLines, walkObjects } from "./json-lines.js";
import { FeedFormatError, type ParseResult } from "./types.js";

export function parseAlbertaFeed(text: string, now = Date.now()): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new FeedFormatError(`Alberta feed is not valid JSON: ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new FeedFormatError("Alberta feed must be an object keyed by city");
  }
  const fallbackTime = (doc as Record<string, unknown>).generated;
  const result: ParseResult = { observations: [], errors: [] };
  walkObjects(doc, objectStartLines(text), (obj, line, path) => {
    // Sites sit at <city>/<category>/<index>.
    if (path.length !== 3 || path[1] !== "Emergency") return;
    const name = typeof obj.Name === "string" ? obj.Name.trim() : "";
    if (!name) return void result.errors.push({ line, reason: "site has no Name" });
    const minutes = parseDuration(obj.WaitTime);
    const bad = checkWait(minutes, `WaitTime "${String(obj.WaitTime)}"`);
    if (bad) return void result.errors.push({ line, reason: bad });
    const ts = parseTimestamp(obj.TimeStamp ?? fallbackTime, now);
    if ("error" in ts) return void result.errors.push({ line, reason: ts.error });
    result.observations.push({
      line,
      hospitalRefs: [name],
      observedAt: ts.ok,
      metricFamily: "TIME_TO_PROVIDER",
      value: minutes!,
      unit: "minutes",
    });
  });
  return result;
}
