/**
 * Where the archive's timers find their check URLs (spec 001 §6). With ARCHIVE_PING_ENV_FILE the
 * URLs come from that file only, the same file the systemd units load (`KEY=value` lines, `#`
 * comments, optional quotes), read again before every task so that removing it stops all pings.
 * The file must be readable by its owner alone (chmod 600): one that its group or others may read
 * is refused with a warning and no ping is sent. Without the variable, the ARCHIVE_HC_PING_*
 * variables of the environment are used. URLs are never logged: they usually embed a secret.
 */
import { readFileSync, statSync } from "node:fs";
import { z } from "zod";
import { ARCHIVE_PING_VARS, type Config } from "../../core/config.js";

export type PingUrls = Readonly<Record<string, string>>;
interface Warn {
  warn(obj: object, msg: string): void;
}

const httpUrl = z.url({ protocol: /^https?$/ });
const KNOWN = new Set<string>(ARCHIVE_PING_VARS);

function parse(text: string, file: string, log: Warn): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^export\s+/, "");
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 1) continue;
    const key = line.slice(0, eq).trim();
    const value = line
      .slice(eq + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
    if (!KNOWN.has(key) || !value) continue;
    if (httpUrl.safeParse(value).success) urls[key] = value.replace(/\/+$/, "");
    else log.warn({ file, variable: key }, "archive ping URL is not an http(s) URL; that task will not ping");
  }
  return urls;
}

/** The URLs in `file` now: none when it is missing, unreadable or readable by others. */
export function readPingEnvFile(file: string, log: Warn): PingUrls {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    return {}; // no file: pings are off, as the spec intends
  }
  if (mode & 0o077) {
    log.warn(
      { file, mode: (mode & 0o777).toString(8) },
      "archive ping file can be read by users other than its owner; pings are off until it is chmod 600",
    );
    return {};
  }
  try {
    return parse(readFileSync(file, "utf8"), file, log);
  } catch (err) {
    log.warn(
      { file, code: (err as NodeJS.ErrnoException).code },
      "archive ping file cannot be read; pings are off",
    );
    return {};
  }
}

/** A function giving the URLs to ping right now, from the file or from the environment. */
export function pingUrlSource(config: Config, log: Warn): () => PingUrls {
  const file = config.ARCHIVE_PING_ENV_FILE;
  if (file) return () => readPingEnvFile(file, log);
  const fromEnv: Record<string, string> = {};
  for (const name of ARCHIVE_PING_VARS) {
    const url = config[name];
    if (url) fromEnv[name] = url;
  }
  return () => fromEnv;
}
