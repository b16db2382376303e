/**
 * Start-up failures an operator fixes outside the code (PostgreSQL refusing the DATABASE_URL, a
 * port another process holds), turned into the one line a ConfigError gives: which variable, what
 * is wrong, what to do. Anything else is a fault and keeps its stack. The password in DATABASE_URL
 * is never part of the line.
 */
import type { Config } from "./config.js";
import { ConfigError } from "./config.js";

type StartConfig = Pick<Config, "PORT" | "REPLAY_PORT" | "HOST" | "DATABASE_URL">;

interface SystemError {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  hostname?: string;
  message?: string;
}

/** The line for a failure the operator must fix, or null when `err` is not one. */
export function startupProblem(err: unknown, config: StartConfig): ConfigError | null {
  for (let e = err as (SystemError & { cause?: unknown }) | undefined, depth = 0; e && depth < 5; depth++) {
    const line = listenProblem(e, config) ?? databaseProblem(e, config);
    if (line) return new ConfigError(`cannot start: ${line}`);
    e = e.cause as typeof e;
  }
  return null;
}

function listenProblem(e: SystemError, config: StartConfig): string | null {
  // One process reports a failed listen(); a node:cluster worker, whose port the primary binds
  // for it, reports the same failure as bind().
  if (e.syscall !== "listen" && e.syscall !== "bind") return null;
  const variable = e.port === config.REPLAY_PORT && e.port !== config.PORT ? "REPLAY_PORT" : "PORT";
  const port = e.port ?? config[variable];
  switch (e.code) {
    case "EADDRINUSE":
      return `${variable}=${port}: another process is already listening on ${config.HOST}:${port}; stop it or set ${variable} to a free port`;
    case "EACCES":
      return `${variable}=${port}: this user may not listen on port ${port} (ports under 1024 need privileges); set ${variable} to 1024 or above, or put a proxy in front`;
    case "EADDRNOTAVAIL":
      return `HOST=${config.HOST}: this machine has no such address to listen on; use 127.0.0.1, 0.0.0.0 or one of its own addresses`;
    default:
      return null;
  }
}

function databaseProblem(e: SystemError, config: StartConfig): string | null {
  if (!config.DATABASE_URL) return null;
  let url: URL;
  try {
    url = new URL(config.DATABASE_URL);
  } catch {
    return null;
  }
  const at = `${url.hostname}:${url.port || "5432"}`;
  const user = decodeURIComponent(url.username) || "(none given)";
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  switch (e.code) {
    // PostgreSQL's SQLSTATE codes for a refused connection.
    case "28P01":
      return `DATABASE_URL: PostgreSQL at ${at} refused the password for user "${user}"; check the user and password in DATABASE_URL`;
    case "28000":
      return `DATABASE_URL: PostgreSQL at ${at} does not let user "${user}" connect to database "${database}" from here (pg_hba.conf); allow it there or use another user`;
    case "3D000":
      return `DATABASE_URL: PostgreSQL at ${at} has no database "${database}"; create it (createdb -O ${user} ${database}) or fix the name in DATABASE_URL`;
    case "42501":
      return `DATABASE_URL: user "${user}" may not create the app's schemas in database "${database}"; make it the database's owner or grant it CREATE`;
    default:
      break;
  }
  if (e.syscall === "connect" && (e.code === "ECONNREFUSED" || e.code === "ETIMEDOUT"))
    return `DATABASE_URL: nothing answers at ${at}; start PostgreSQL there or fix the host and port in DATABASE_URL`;
  if (e.syscall === "getaddrinfo" && (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN"))
    return `DATABASE_URL: the host "${url.hostname}" cannot be found; fix the host in DATABASE_URL`;
  return null;
}
