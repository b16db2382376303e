/**
 * The alerts' mailbox channel (document 3 §6: chat first, e-mail as the backup people still read
 * when chat is down). Each alert becomes one plain-text message, written in English then French,
 * sent with nodemailer through the relay in ALERT_SMTP_URL: `smtp://` upgrades with STARTTLS when
 * the relay offers it, `smtps://` speaks TLS from the start. Every wait is bounded by the breaker's
 * timeout, so a relay that hangs costs a failed attempt, never a stuck request.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Breaker } from "../../core/breaker.js";
import type { Alert } from "./alerts.js";

export interface AlertMailSettings {
  smtpUrl: string;
  from: string;
  to: string[];
  /** The app's address, for the link to the operator page (APP_PUBLIC_URL or the listener's). */
  appUrl: string;
}

/** What a message needs to know of an alert. */
export type MailedAlert = Pick<
  Alert,
  "kind" | "severity" | "text" | "title" | "incidentId" | "channel" | "commander" | "needsCommander"
>;

const KIND = {
  en: { threshold: "Service thresholds breached", incident: "Incident", resolved: "Resolved" },
  fr: { threshold: "Seuils de service dépassés", incident: "Incident", resolved: "Résolu" },
};

/** Subject `[SEV-n] INC-YYYYMMDD-NNN title`, and the body with the same facts in both languages. */
export function alertMessage(alert: MailedAlert, appUrl: string): { subject: string; text: string } {
  const title = `${alert.kind === "resolved" ? "Resolved: " : ""}${alert.title ?? alert.text}`;
  const subject = `[${alert.severity}] ${alert.incidentId ? `${alert.incidentId} ` : ""}${title}`.replace(
    /[\r\n]+/g,
    " ",
  );
  const link = `${appUrl}/admin/observability${alert.incidentId ? `#${alert.incidentId.toLowerCase()}` : ""}`;
  const commander = alert.commander?.trim();
  // Only a SEV-1/2 needs a commander (`send` flags it); a SEV-3/4 without one is as it should be.
  const commanderEn = commander || (alert.needsCommander ? "not named yet (needs a commander)" : "none");
  const commanderFr = commander || (alert.needsCommander ? "pas encore nommé (à nommer)" : "aucun");
  // French sets the colon apart from its label with a space that never breaks.
  const colonFr = "\u00a0:";
  const text = [
    `${KIND.en[alert.kind]}: ${alert.text}`,
    "",
    `Severity: ${alert.severity}`,
    `Incident: ${alert.incidentId ?? "none recorded"}`,
    `Commander: ${commanderEn}`,
    `Chat channel: ${alert.channel ?? "none"}`,
    `Operator page: ${link}`,
    "",
    "—",
    "",
    `${KIND.fr[alert.kind]}${colonFr} ${alert.text}`,
    "",
    `Gravité${colonFr} ${alert.severity}`,
    `Incident${colonFr} ${alert.incidentId ?? "aucun enregistré"}`,
    `Responsable${colonFr} ${commanderFr}`,
    `Canal de discussion${colonFr} ${alert.channel ?? "aucun"}`,
    `Page des opérations${colonFr} ${link}`,
    "",
  ].join("\n");
  return { subject, text };
}

export class AlertMailer {
  private readonly transport: Transporter;

  constructor(
    private readonly settings: AlertMailSettings,
    private readonly breaker: Breaker,
  ) {
    const wait = breaker.options.timeoutMs;
    this.transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: wait,
      greetingTimeout: wait,
      socketTimeout: wait,
    });
  }

  /** Sends one alert; rejects when the relay refuses it, fails or does not answer in time. */
  async send(alert: MailedAlert): Promise<void> {
    const { subject, text } = alertMessage(alert, this.settings.appUrl);
    await this.breaker.fire(async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.breaker.options.timeoutMs);
      try {
        await this.transport.sendMail({
          from: this.settings.from,
          to: this.settings.to,
          subject,
          text,
          headers: { "Content-Language": "en, fr" },
          signal: controller.signal,
        });
      } finally {
        clearTimeout(timer);
      }
    });
  }

  close(): void {
    this.transport.close();
  }
}
