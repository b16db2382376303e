// The invitee's side of an invitation: who the link is for, and setting the password. The link's
// token is read from the address's fragment and sent in request bodies only.
import { apiData } from "../api/client";

export interface OpenInvitation {
  email: string;
  role: "admin" | "partner";
  organizationName: string | null;
  expiresAt: string;
}

export const lookUpInvitation = (token: string) =>
  apiData<OpenInvitation>("/api/v1/invitations/lookup", { method: "POST", body: { token } });

export const acceptInvitation = (token: string, password: string) =>
  apiData<OpenInvitation>("/api/v1/invitations/accept", { method: "POST", body: { token, password } });
