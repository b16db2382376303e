/**
 * Invitations by e-mail, through the same relay as the alert mails (ALERT_SMTP_URL, sender
 * ALERT_MAIL_FROM). One plain-text message in the administrator's language, then the other, with
 * the one-time link. The link's token is in the fragment (#…), so it never reaches a server's log.
 */
import nodemailer, { type Transporter } from "nodemailer";

export interface InvitationMail {
  to: string;
  link: string;
  role: "admin" | "partner";
  organizationName: string | null;
  expiresAt: string;
  lang: "en" | "fr";
}

const when = (iso: string, lang: "en" | "fr") =>
  new Intl.DateTimeFormat(lang === "fr" ? "fr-CA" : "en-CA", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Toronto",
  }).format(new Date(iso));

function part(mail: InvitationMail, lang: "en" | "fr"): string[] {
  const org = mail.organizationName;
  if (lang === "fr")
    return [
      mail.role === "admin"
        ? "Vous êtes invité·e à administrer l’annuaire des services communautaires."
        : `Vous êtes invité·e à tenir à jour les services de ${org ?? "votre organisme"} dans l’annuaire des services communautaires.`,
      "Choisissez votre mot de passe en ouvrant ce lien (il ne sert qu’une fois)\u00a0:",
      mail.link,
      `Le lien expire le ${when(mail.expiresAt, "fr")} (heure de l’Est).`,
    ];
  return [
    mail.role === "admin"
      ? "You are invited to administer the community services directory."
      : `You are invited to keep ${org ?? "your organization"}'s services up to date in the community services directory.`,
    "Choose your password by opening this link (it works once):",
    mail.link,
    `The link expires on ${when(mail.expiresAt, "en")} (Eastern time).`,
  ];
}

export function invitationMessage(mail: InvitationMail): { subject: string; text: string } {
  const other = mail.lang === "fr" ? "en" : "fr";
  const subject =
    mail.lang === "fr"
      ? "Invitation à l’annuaire des services communautaires / Invitation to the community services directory"
      : "Invitation to the community services directory / Invitation à l’annuaire des services communautaires";
  return { subject, text: [...part(mail, mail.lang), "", "—", "", ...part(mail, other), ""].join("\n") };
}

export class InvitationMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  /** Rejects when the relay refuses, fails or does not answer in time. */
  async send(mail: InvitationMail): Promise<void> {
    const { subject, text } = invitationMessage(mail);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject,
        text,
        headers: { "Content-Language": mail.lang === "fr" ? "fr, en" : "en, fr" },
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.transport.close();
  }
}
