/**
 * At start the server checks the alerts' mail relay (nodemailer's verify) in the background and
 * warns, naming the channel and the relay but never its password, when the relay cannot be
 * reached or refuses the login. A relay that works gets no warning, and start-up never waits on
 * the check. Real SMTP servers (smtp-server) stand in for the relay.
 */
import { createServer } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSmtpRelay } from "../../server/directory/incidents/relay-check.js";
import { type SmtpRelay, startSmtpRelay } from "../helpers/directory/smtp-relay.js";
import { startTestServer } from "../helpers/server.js";

let relay: SmtpRelay;
beforeAll(async () => {
  relay = await startSmtpRelay({ user: "alerts", pass: "s3cret-relay-pass" });
});
afterAll(async () => {
  await relay.close();
});

const relayUrl = (pass: string, port = relay.port) =>
  `smtp://alerts:${pass}@127.0.0.1:${port}?tls.rejectUnauthorized=false`;

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A test server with alerts by e-mail through `smtpUrl`; the JSON lines its log wrote. */
async function serverLog(smtpUrl: string) {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (l: string) => lines.push(l) });
  const server = await startTestServer({
    logger,
    env: {
      ALERT_SMTP_URL: smtpUrl,
      ALERT_MAIL_FROM: "alerts@example.ca",
      ALERT_MAIL_TO: "oncall@example.ca",
    },
  });
  return { server, lines, entries: () => lines.map((l) => JSON.parse(l)) };
}

describe("the alert relay checked at start", () => {
  it("warns naming the mail channel and the relay, never the password, when nothing listens", async () => {
    const port = await closedPort();
    const { server, lines, entries } = await serverLog(relayUrl("pw-unreachable-789", port));
    try {
      await expect
        .poll(() => entries().filter((e) => e.level === 40 && e.channel === "mail"), { timeout: 5000 })
        .toMatchObject([{ relay: `127.0.0.1:${port}`, msg: expect.stringContaining("alert channel mail") }]);
      expect(lines.join("")).not.toContain("pw-unreachable-789");
    } finally {
      await server.close();
    }
  });

  it("warns when the relay refuses the login, without the password", async () => {
    const { server, lines, entries } = await serverLog(relayUrl("wrong-pass-123"));
    try {
      await expect
        .poll(() => entries().filter((e) => e.level === 40 && e.channel === "mail"), { timeout: 5000 })
        .toMatchObject([{ relay: `127.0.0.1:${relay.port}` }]);
      expect(lines.join("")).not.toContain("wrong-pass-123");
    } finally {
      await server.close();
    }
  });

  it("says nothing of a relay that answers and takes the login", async () => {
    expect(await checkSmtpRelay(relayUrl("s3cret-relay-pass"), 2000)).toBeNull();
    const { server, entries } = await serverLog(relayUrl("s3cret-relay-pass"));
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(entries().filter((e) => e.channel === "mail")).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
