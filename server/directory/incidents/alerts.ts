/**
 * Operator alerts: every threshold breach and every SEV-1/SEV-2 incident goes to the configured
 * webhook (ALERT_WEBHOOK_URL, Slack-compatible JSON, through the "alert-webhook" breaker; any 2xx
 * answer is delivery, as Slack answers `ok` and a Teams workflow 202) and is
 * appended to a local alert log, `<DATA_DIR>/directory-alerts.log` (JSON lines), the backup channel.
 * Sending never blocks the caller and never throws: a failing webhook is noted in the log.
 */
import { appendFileSync } from "node:fs";
import type { Breaker } from "../../core/breaker.js";
import { postWebhook } from "../resilience/upstream-http.js";

export interface Alert {
  kind: "threshold" | "incident";
  severity: string;
  text: string;
  incidentId?: string;
  channel?: string | null;
}

export class Alerter {
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly webhookUrl: string | null,
    private readonly breaker: Breaker,
    readonly logFile: string,
  ) {}

  private log(entry: Record<string, unknown>): void {
    try {
      appendFileSync(this.logFile, `${JSON.stringify(entry)}\n`);
    } catch {
      // The log is the backup channel; if the disk refuses it there is nowhere else to write.
    }
  }

  private async deliver(alert: Alert, at: string): Promise<void> {
    this.log({ at, via: "log", ...alert });
    if (!this.webhookUrl) return;
    try {
      await postWebhook(this.breaker, this.webhookUrl, {
        text: `[${alert.severity}] ${alert.text}${alert.channel ? ` — join ${alert.channel}` : ""}`,
        ...(alert.channel ? { channel: alert.channel } : {}),
        username: "directory-alerts",
      });
      this.log({
        at: new Date().toISOString(),
        via: "webhook",
        delivered: true,
        incidentId: alert.incidentId ?? null,
      });
    } catch (err) {
      this.log({
        at: new Date().toISOString(),
        via: "webhook",
        delivered: false,
        incidentId: alert.incidentId ?? null,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  /** Fire and forget: the request or check that raised the alert does not wait for the webhook. */
  send(alert: Alert, now = new Date()): void {
    const p = this.deliver(alert, now.toISOString()).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every alert sent so far has been delivered or given up on (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
