// The operator's invitations: the organizations a partner can belong to, inviting someone (the
// server mails the one-time link, or returns it to copy when no mail relay is configured), and the
// invitations still open, one of which can be withdrawn.
import { lang } from "../../i18n/i18n";
import { apiData } from "../api/client";
import { csrfHeader } from "./session";

export interface Organization {
  id: string;
  name: string;
}

export interface SentInvitation {
  email: string;
  role: "admin" | "partner";
  organizationName: string | null;
  expiresAt: string;
  delivery: "mail" | "link";
  link?: string;
  mailError?: string;
}

export const fetchOrganizations = () => apiData<Organization[]>("/api/v1/admin/organizations");

export function sendInvitation(input: {
  email: string;
  role: "admin" | "partner";
  organizationId?: string;
}): Promise<SentInvitation> {
  return apiData<SentInvitation>("/api/v1/admin/invitations", {
    method: "POST",
    headers: csrfHeader(),
    body: { ...input, lang: lang() },
  });
}

export interface OpenInvitation {
  email: string;
  role: "admin" | "partner";
  organizationName: string | null;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export const fetchOpenInvitations = () => apiData<OpenInvitation[]>("/api/v1/admin/invitations");

/** Ends the address's open invitation: its link stops working at once. */
export const withdrawInvitation = (email: string) =>
  apiData<{ email: string }>("/api/v1/admin/invitations/withdraw", {
    method: "POST",
    headers: csrfHeader(),
    body: { email },
  });
