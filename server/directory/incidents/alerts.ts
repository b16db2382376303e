/**
 * Operator alerts: every threshold breach and every SEV-1/SEV-2 incident goes to two channels,
 * each on its own and neither waiting on the other (document 3 §6):
 * - chat: the webhook in ALERT_WEBHOOK_URL (Slack-compatible JSON, "alert-webhook" breaker; any
 *   2xx answer is delivery, as Slack answers `ok` and a Teams workflow 202);
 * - mail: ALERT_MAIL_TO through ALERT_SMTP_URL (alert-mail.ts, "alert-mail" breaker).
 * Each channel tries again with back-off before giving up, except after a webhook request that got
 * no answer in time: the receiver may have posted it (chat webhooks have no idempotency key), so
 * it is not sent again and its outcome is logged as unknown (`"delivered": null, "outcome":
 * "unknown"`), not as failed. A webhook that answers 429 is asked again no sooner than its
 * Retry-After says (at most `maxRetryAfterMs`), and its breaker does not count the 429 as a
 * failure. Every alert and every outcome is also appended to the local alert log, `<DATA_DIR>/directory-alerts.log` (JSON lines); when every
 * configured channel failed for one alert, that is logged and shown on the operator page, and
 * written to the server's log at error level (never with the webhook's URL or the relay's
 * password). Each channel's outcome is counted for `/metrics`
 * (`directory_alert_deliveries_total{channel,outcome}`, `directory_alerts_undelivered_total`).
 * Those counts and the operator page's delivery state are read from the alert log, which every app
 * process of a server appends to (WORKERS=N share DATA_DIR) and which outlives a restart: not from
 * the memory of the one process that answers, which saw only its own alerts since it started.
 * Sending never blocks the caller and never throws.
 */
import { appendFileSync, closeSync, fstatSync, openSync, readSync } from "node:fs";
import { Counter, type Registry } from "prom-client";
import type { Breaker } from "../../core/breaker.js";
import { DeliveryUnknownError, postWebhook, RateLimitedError } from "../resilience/upstream-http.js";
import type { AlertMailer } from "./alert-mail.js";

export interface Alert {
  /** "resolved": the short notice that an alerted incident is over (resolved-notice.ts). */
  kind: "threshold" | "incident" | "resolved";
  severity: string;
  text: string;
  /** The incident's own title (the mail's subject); `text` says what happened to it. */
  title?: string;
  incidentId?: string;
  channel?: string | null;
  commander?: string | null;
  /** Set by `send`: a SEV-1/2 incident with no commander yet, said in every channel until one is named. */
  needsCommander?: boolean;
}

/** Whether the alert is about a SEV-1/2 incident nobody leads yet. */
const lacksCommander = (a: Alert) =>
  a.kind !== "resolved" &&
  !!a.incidentId &&
  (a.severity === "SEV-1" || a.severity === "SEV-2") &&
  !a.commander?.trim();

export type AlertChannelName = "chat" | "mail";

/**
 * How long the webhook has to answer (ALERT_WEBHOOK_TIMEOUT_MS's default). Slack answers its
 * incoming webhooks within a few seconds even on a slow day (an audit saw 4 s), so 3 s cut off
 * receivers that were working; 10 s leaves room for a slow one while a dead one still costs
 * little, as no caller waits on an alert.
 */
export const ALERT_WEBHOOK_TIMEOUT_MS = 10_000;

/** What became of one alert on one channel: only "delivered" was confirmed by the receiver. */
export type AlertOutcome = "delivered" | "failed" | "unknown";

export interface AlertChannelState {
  name: AlertChannelName;
  configured: boolean;
  lastDeliveredAt: string | null;
  lastFailedAt: string | null;
}

export interface AlertDeliveryState {
  channels: AlertChannelState[];
  /** Alerts that no configured channel delivered, and the latest of them. */
  undelivered: { count: number; lastAt: string | null; lastIncidentId: string | null };
}

export interface AlertChannels {
  webhook?: { url: string; breaker: Breaker } | null;
  mail?: AlertMailer | null;
  /** Further attempts of a channel after its first fails (ALERT_RETRIES, default 3). */
  retries?: number;
  /** The wait before the first further attempt; each later one waits four times longer. */
  firstRetryMs?: number;
  /** The longest a 429's Retry-After is waited before the next attempt (default 60 s). */
  maxRetryAfterMs?: number;
  /** The server's log: an alert no channel delivered is written there at error level. */
  logger?: Pick<Logger, "error">;
  /** Where the delivery counters are registered for /metrics (a private registry without it). */
  registry?: Registry;
}

/** Minimal logger shape (pino's): an object of fields, then the message. */
interface Logger {
  error(fields: object, message: string): void;
}

/** Credentials a URL may carry (`//user:pass@`), hidden from whatever is logged. */
export const hideCredentials = (text: string) => text.replace(/\/\/[^/\s@]*@/g, "//***@");

/**
 * What the alert log says so far: each channel's last outcome, the count of each outcome, and the
 * alerts no channel delivered. Read incrementally (only what was appended since the last read);
 * a log that is no longer the one read so far is read again from its start. The size alone cannot
 * tell: a log rotated (renamed, a new one made) or emptied in place may have grown past the old
 * offset by the next read, and reading on from there skipped its first lines. So the file's
 * identity (device and inode) is kept, which tells a new file, and so are the first bytes read
 * (up to HEAD_BYTES), which tell a file emptied in place and written again (or a new file given a
 * freed inode): every line starts with its `at` to the millisecond, so a new log's first bytes do
 * not match the old one's. (Its mtime could not tell: every append changes it.)
 */
const HEAD_BYTES = 256;

class AlertLogTally {
  private offset = 0;
  private rest = "";
  /** The file read so far: its device and inode, and its first bytes. */
  private identity: { dev: number; ino: number } | null = null;
  private head = Buffer.alloc(0);
  channels = new Map<AlertChannelName, { lastDeliveredAt: string | null; lastFailedAt: string | null }>();
  outcomes = new Map<string, number>();
  undelivered: AlertDeliveryState["undelivered"] = { count: 0, lastAt: null, lastIncidentId: null };

  constructor(private readonly file: string) {}

  private reset(): void {
    this.offset = 0;
    this.rest = "";
    this.identity = null;
    this.head = Buffer.alloc(0);
    this.channels.clear();
    this.outcomes.clear();
    this.undelivered = { count: 0, lastAt: null, lastIncidentId: null };
  }

  read(): this {
    let fd: number;
    try {
      fd = openSync(this.file, "r");
    } catch {
      this.reset();
      return this;
    }
    try {
      const { size, dev, ino } = fstatSync(fd);
      if (size < this.offset || !this.sameFile(fd, dev, ino)) this.reset();
      this.identity = { dev, ino };
      while (this.offset < size) {
        const chunk = Buffer.alloc(Math.min(size - this.offset, 1 << 20));
        const n = readSync(fd, chunk, 0, chunk.length, this.offset);
        if (n <= 0) break;
        if (this.head.length < HEAD_BYTES && this.offset === this.head.length)
          this.head = Buffer.concat([
            this.head,
            chunk.subarray(0, Math.min(n, HEAD_BYTES - this.head.length)),
          ]);
        this.offset += n;
        const lines = (this.rest + chunk.subarray(0, n).toString("utf8")).split("\n");
        this.rest = lines.pop() ?? "";
        for (const line of lines) this.add(line);
      }
    } finally {
      closeSync(fd);
    }
    return this;
  }

  /** Whether the open file is the one read so far: the same inode, starting with the same bytes. */
  private sameFile(fd: number, dev: number, ino: number): boolean {
    if (!this.identity) return this.offset === 0;
    if (this.identity.dev !== dev || this.identity.ino !== ino) return false;
    if (!this.head.length) return true;
    const now = Buffer.alloc(this.head.length);
    const n = readSync(fd, now, 0, now.length, 0);
    return n === this.head.length && now.equals(this.head);
  }

  private add(line: string): void {
    let e: {
      at?: string;
      via?: string;
      outcome?: AlertOutcome;
      undelivered?: boolean;
      incidentId?: string | null;
    };
    try {
      e = JSON.parse(line);
    } catch {
      return; // a line torn by a full disk
    }
    if ((e.via === "chat" || e.via === "mail") && e.outcome) {
      const state = this.channels.get(e.via) ?? { lastDeliveredAt: null, lastFailedAt: null };
      if (e.outcome === "delivered") state.lastDeliveredAt = e.at ?? null;
      else state.lastFailedAt = e.at ?? null;
      this.channels.set(e.via, state);
      const key = `${e.via}|${e.outcome}`;
      this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    } else if (e.via === "none" && e.undelivered)
      this.undelivered = {
        count: this.undelivered.count + 1,
        lastAt: e.at ?? null,
        lastIncidentId: e.incidentId ?? null,
      };
  }
}

export class Alerter {
  private pending = new Set<Promise<void>>();
  private readonly sends: Partial<Record<AlertChannelName, (alert: Alert) => Promise<void>>> = {};
  private readonly retryDelaysMs: number[];
  private readonly maxRetryAfterMs: number;
  private closing = false;
  private readonly mailer: AlertMailer | null;
  private readonly wakeups = new Set<() => void>();
  private readonly tally: AlertLogTally;
  private readonly logger: Pick<Logger, "error"> | null;
  private readonly webhookUrl: string | null;

  constructor(
    channels: AlertChannels,
    readonly logFile: string,
  ) {
    const { webhook, mail } = channels;
    this.mailer = mail ?? null;
    this.logger = channels.logger ?? null;
    this.webhookUrl = webhook?.url ?? null;
    if (webhook)
      this.sends.chat = (alert) =>
        postWebhook(webhook.breaker, webhook.url, {
          text: `[${alert.severity}] ${alert.text}${alert.needsCommander ? " — needs a commander" : ""}${alert.channel ? ` — join ${alert.channel}` : ""}`,
          ...(alert.channel ? { channel: alert.channel } : {}),
          username: "directory-alerts",
        });
    if (mail) this.sends.mail = (alert) => mail.send(alert);
    const first = channels.firstRetryMs ?? 2_000;
    this.maxRetryAfterMs = channels.maxRetryAfterMs ?? 60_000;
    this.retryDelaysMs = Array.from({ length: channels.retries ?? 3 }, (_, i) => first * 4 ** i);
    this.tally = new AlertLogTally(logFile);
    // Counted from the log, which every process of the server shares: with WORKERS=N, /metrics
    // gives the count once (aggregator "first"), not once per process.
    const registers = channels.registry ? [channels.registry] : [];
    const tally = this.tally;
    const configured = (["chat", "mail"] as const).filter((name) => this.sends[name]);
    new Counter({
      name: "directory_alert_deliveries_total",
      help: "Alerts per channel (chat, mail) by outcome: delivered, failed, or unknown (no answer in time)",
      labelNames: ["channel", "outcome"],
      registers,
      aggregator: "first",
      collect() {
        tally.read();
        this.reset();
        for (const channel of configured)
          for (const outcome of ["delivered", "failed", "unknown"] as const)
            this.inc({ channel, outcome }, tally.outcomes.get(`${channel}|${outcome}`) ?? 0);
      },
    });
    new Counter({
      name: "directory_alerts_undelivered_total",
      help: "Alerts that no configured channel delivered",
      registers,
      aggregator: "first",
      collect() {
        this.reset();
        this.inc(tally.read().undelivered.count);
      },
    });
  }

  private log(entry: Record<string, unknown>): void {
    try {
      appendFileSync(this.logFile, `${JSON.stringify(entry)}\n`);
    } catch {
      // The log is the last channel; if the disk refuses it there is nowhere else to write.
    }
  }

  /**
   * Tries one channel until it delivers or its attempts run out. "unknown" when a request got no
   * answer in time: it may have been delivered, so it is not sent again.
   */
  private async through(
    via: AlertChannelName,
    send: (alert: Alert) => Promise<void>,
    alert: Alert,
  ): Promise<{ outcome: AlertOutcome; error: string }> {
    const incidentId = alert.incidentId ?? null;
    let error = "";
    let attempt = 0;
    let outcome: AlertOutcome = "failed";
    /** What the receiver asked to be left alone for (a 429's Retry-After), bounded. */
    let asked = 0;
    while (attempt <= this.retryDelaysMs.length) {
      if (attempt > 0) await this.pause(Math.max(this.retryDelaysMs[attempt - 1], asked));
      asked = 0;
      if (attempt > 0 && this.closing) break;
      attempt++;
      try {
        await send(alert);
        this.log({
          at: new Date().toISOString(),
          via,
          delivered: true,
          outcome: "delivered",
          attempts: attempt,
          incidentId,
        });
        return { outcome: "delivered", error: "" };
      } catch (err) {
        error = this.hideSecrets(err instanceof Error ? err.message : String(err));
        if (err instanceof DeliveryUnknownError) {
          outcome = "unknown";
          break;
        }
        if (err instanceof RateLimitedError) asked = Math.min(err.retryAfterMs ?? 0, this.maxRetryAfterMs);
      }
    }
    // Not confirmed either way counts as not delivered for the operator page.
    this.log({
      at: new Date().toISOString(),
      via,
      delivered: outcome === "unknown" ? null : false,
      outcome,
      attempts: attempt,
      incidentId,
      error,
    });
    return { outcome, error };
  }

  /** An error's text without the webhook's URL (its path is the key) or a URL's user and password. */
  private hideSecrets(text: string): string {
    const hidden = this.webhookUrl ? text.split(this.webhookUrl).join("<ALERT_WEBHOOK_URL>") : text;
    return hideCredentials(hidden);
  }

  /** A back-off wait that the server's stop cuts short. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }

  private async deliver(alert: Alert, at: string): Promise<void> {
    this.log({ at, via: "log", ...alert });
    const channels = Object.entries(this.sends) as [AlertChannelName, (alert: Alert) => Promise<void>][];
    if (!channels.length) return;
    const results = await Promise.all(channels.map(([via, send]) => this.through(via, send, alert)));
    const outcomes = results.map((r) => r.outcome);
    if (outcomes.includes("delivered")) return;
    const now = new Date().toISOString();
    this.log({
      at: now,
      via: "none",
      delivered: false,
      incidentId: alert.incidentId ?? null,
      undelivered: true,
      // Channels whose receiver may have it after all (no answer in time).
      ...(outcomes.includes("unknown")
        ? { unknown: channels.filter((_, i) => outcomes[i] === "unknown").map(([via]) => via) }
        : {}),
    });
    // The server's own log too, where its operators look first: the alert went nowhere.
    this.logger?.error(
      {
        incidentId: alert.incidentId ?? null,
        severity: alert.severity,
        kind: alert.kind,
        channels: Object.fromEntries(
          channels.map(([via], i) => [via, { outcome: outcomes[i], error: results[i].error }]),
        ),
      },
      `${alert.severity} alert${alert.incidentId ? ` for ${alert.incidentId}` : ""} reached no channel (${channels
        .map(([via], i) => `${via}: ${outcomes[i]}`)
        .join(", ")}); see ${this.logFile}`,
    );
  }

  /** Fire and forget: the request or check that raised the alert does not wait for any channel. */
  send(alert: Alert, now = new Date()): void {
    const flagged = lacksCommander(alert) ? { ...alert, needsCommander: true } : alert;
    const p = this.deliver(flagged, now.toISOString()).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /**
   * Each channel's last outcome and the alerts no channel delivered, as the alert log says: every
   * process of the server writes there, and it outlives a restart.
   */
  deliveryState(): AlertDeliveryState {
    const tally = this.tally.read();
    return {
      channels: (["chat", "mail"] as const).map((name) => ({
        name,
        configured: !!this.sends[name],
        lastDeliveredAt: tally.channels.get(name)?.lastDeliveredAt ?? null,
        lastFailedAt: tally.channels.get(name)?.lastFailedAt ?? null,
      })),
      undelivered: { ...tally.undelivered },
    };
  }

  /** Resolves once every alert sent so far has been delivered or given up on (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** At shutdown: attempts under way finish, none is retried after it, then the mail relay is let go. */
  async close(): Promise<void> {
    this.closing = true;
    for (const wake of [...this.wakeups]) wake();
    await this.settled();
    this.mailer?.close();
  }
}
