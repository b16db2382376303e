/**
 * At start, the alerts' mail relay (ALERT_SMTP_URL) is asked whether it can be reached and takes
 * the credentials (nodemailer's `verify()`: connect, greeting, STARTTLS when offered, login), in
 * the background so start-up never waits on it. When it cannot, a warning names the channel and
 * the relay's host and port, never its user or password, so the operator learns it before an
 * incident does. The webhook gets nothing at start: any request to it would post a message in a
 * real channel (its URL's syntax is checked by config validation).
 */
import nodemailer from "nodemailer";
import { hideCredentials } from "./alerts.js";

/** The relay's `host:port`, without user or password (the port nodemailer would use when none is given). */
export function relayAddress(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  return `${u.hostname}:${u.port || (u.protocol === "smtps:" ? "465" : "587")}`;
}

/** null when the relay answered and took the login; else why not, with any credentials hidden. */
export async function checkSmtpRelay(smtpUrl: string, timeoutMs: number): Promise<string | null> {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return null;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const u = new URL(smtpUrl);
    let hidden = hideCredentials(text);
    for (const secret of [u.password, decodeURIComponent(u.password)])
      if (secret) hidden = hidden.split(secret).join("***");
    return hidden;
  } finally {
    transport.close();
  }
}

/** Checks the relay in the background and warns on the server's log when it cannot be reached. */
export function warnIfRelayUnreachable(
  smtpUrl: string,
  timeoutMs: number,
  logger: { warn(fields: object, message: string): void },
): Promise<void> {
  return checkSmtpRelay(smtpUrl, timeoutMs).then(
    (problem) => {
      if (!problem) return;
      const relay = relayAddress(smtpUrl);
      logger.warn(
        { channel: "mail", relay, error: problem },
        `alert channel mail: the relay ${relay} (ALERT_SMTP_URL) cannot be reached or refused the login; alerts by e-mail will fail until it can`,
      );
    },
    () => {},
  );
}
