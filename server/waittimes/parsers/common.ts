/** Small value checks shared by the provincial parsers. */
/** Upper bound for a plausible ED wait in minutes (three days); beyond it a row is refused. */
export const MAX_WAIT_MINUTES = 72 * 60;

/** How far ahead of the receiving clock a feed's timestamp may be (then clamped to the receipt). */
export const CLOCK_SKEW_MS = 60_000;

export function parseTimestamp(raw: unknown, now: number): { ok: number } | { error: string } {
  if (typeof raw !== "string" || raw.trim() === "") return { error: "missing timestamp" };
  const text = raw.trim();
  // Feeds without an offset publish local wall time; we refuse to guess and require one.
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) return { error: `timestamp "${text}" has no UTC offset` };
  const t = Date.parse(text);
  if (Number.isNaN(t)) return { error: `timestamp "${text}" is not a valid ISO 8601 date` };
  // A reading stamped after it was received is refused with a reason: stored as it came, "12:41"
  // was shown as the current estimate at 12:33. Only a publisher's clock a little ahead (up to
  // CLOCK_SKEW_MS) is tolerated, and its time is clamped to the receipt so nothing is ever later
  // than now.
  if (t > now + CLOCK_SKEW_MS) {
    const minutes = Math.ceil((t - now) / 60_000);
    return {
      error: `timestamp "${text}" is ${minutes} minute${minutes === 1 ? "" : "s"} after it was received (in the future)`,
    };
  }
  return { ok: Math.min(t, now) };
}

export function checkWait(value: number | null, label: string): string | null {
  if (value === null || !Number.isFinite(value)) return `${label} is not a number`;
  if (value < 0) return `${label} is negative (${value})`;
  if (value > MAX_WAIT_MINUTES)
    return `${label} of ${value} minutes exceeds the plausible maximum of ${MAX_WAIT_MINUTES}`;
  return null;
}

/**
 * A figure a JSON feed gives as a number or as a decimal numeral in a string ("134", " 95.5 ");
 * null for anything else. JavaScript's Number() would read "" and " " as 0, true as 1 and "0x20"
 * as 32: an empty wait must be refused, never stored as a wait of zero.
 */
export function jsonNumber(raw: unknown): number | null {
  if (typeof raw === "number") return raw;
  if (typeof raw === "string" && /^\s*\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  return null;
}

/** "2 hr 15 min", "45 min", "1 h 05", "95" → minutes; null when unreadable. */
export function parseDuration(raw: unknown): number | null {
  if (typeof raw === "number") return raw;
  if (typeof raw !== "string") return null;
  const text = raw.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const m = /^(?:(\d+)\s*(?:hr|hrs|h|hours?))?\s*(?:(\d+)\s*(?:min|mins|minutes?|m)?)?$/.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/** Splits one CSV line (RFC 4180 quotes) with the given delimiter. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((c) => c.trim());
}

/** CSV text → header and rows with their 1-based line numbers (blank lines skipped). */
export function readCsv(
  text: string,
  delimiter?: string,
): { header: string[]; rows: { line: number; cells: string[] }[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerLine = lines[0] ?? "";
  const delim = delimiter ?? (headerLine.split(";").length > headerLine.split(",").length ? ";" : ",");
  const header = splitCsvLine(headerLine, delim);
  const rows: { line: number; cells: string[] }[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    rows.push({ line: i + 1, cells: splitCsvLine(lines[i], delim) });
  }
  return { header, rows };
}
