/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) standing in for the operators' mail
 * relay. It offers STARTTLS with its own certificate unless told not to, takes a user and password,
 * and can refuse messages (a 451 "try again later", as a greylisting or busy relay answers) or hang
 * after the greeting. Every accepted message is kept whole (headers and body) for the test to read.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type RelayMode = "accept" | "refuse" | "hang";

export interface SmtpRelay {
  port: number;
  mode: RelayMode;
  /** Raw messages as received (RFC 5322 text), with the envelope. */
  messages: Array<{ from: string; to: string[]; raw: string; secure: boolean }>;
  /** Attempts to send, accepted or not, and how many were refused. */
  attempts: number;
  refusals: number;
  close(): Promise<void>;
}

export async function startSmtpRelay(opts: { starttls?: boolean; user?: string; pass?: string } = {}) {
  const relay: SmtpRelay = {
    port: 0,
    mode: "accept",
    messages: [],
    attempts: 0,
    refusals: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    disabledCommands: opts.starttls === false ? ["STARTTLS"] : [],
    authOptional: !opts.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === opts.user && auth.password === opts.pass)
        return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onMailFrom(_address, _session, callback) {
      relay.attempts++;
      if (relay.mode === "hang") return; // never answers
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (relay.mode === "refuse") {
          relay.refusals++;
          const err = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(err);
        }
        relay.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return relay;
}
