import { isMajorSeverity } from "../../../shared/ops/incident";
import type { Incident } from "../../data/admin/incidents";
import { ApiError, fieldIssues, isApiError, retryAfterSeconds } from "../../data/api/client";
import { t } from "../../i18n/i18n";

/**
 * Why an operator's request failed, in the page's language where the reason is one the page can
 * name: no connection, a session that ended, too many tries, a server fault. A 403 on a write
 * means this tab has no CSRF token (it was not the tab that signed in): the server's wording
 * about headers would not help. The incident log's refusals are worded by incidentFailureText;
 * other refusals keep the server's own explanation.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return t("admin.failure.unreachable");
  if (error.status === 403) return t("admin.signInAgain");
  if (error.status === 401) return t("admin.failure.signedOut");
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((retryAfterSeconds(error) ?? 60) / 60));
    return t("admin.failure.throttled", { minutes });
  }
  if (error.status >= 500) return t("admin.failure.server");
  return error.message;
}

/** The sign-in form's reason: a refused password is the reader's to fix, said as such. */
export function signInFailureText(error: unknown): string {
  return isApiError(error, 401) ? t("partner.signIn.wrong") : failureText(error);
}

/** The invitation form's reason: an address already in use, or one the server cannot read. */
export function invitationFailureText(error: unknown): string {
  if (isApiError(error, 409)) return t("admin.invite.exists");
  if (isApiError(error, 400) && fieldIssues(error).email) return t("admin.invite.badEmail");
  return failureText(error);
}

/**
 * An incident action's reason. The log's rules refuse with a 409 carrying the incident as it now
 * stands (`details.current`), which says in the page's language what stopped the step: the
 * incident is closed, someone else moved it on first (its status is no longer the one the page
 * showed, `shown`), or a SEV-1 or SEV-2 has no commander yet.
 */
export function incidentFailureText(error: unknown, shown?: Incident["status"]): string {
  const details = isApiError(error)
    ? (error.body as { details?: { parameter?: string; current?: Incident } } | null)?.details
    : undefined;
  if (isApiError(error, 400) && details?.parameter === "commander")
    return t("admin.refused.commanderRequired");
  const current = isApiError(error, 409) ? details?.current : undefined;
  if (!current) return failureText(error);
  if (current.status === "closed") return t("admin.refused.closed");
  const moved = t("admin.refused.moved", { status: t(`admin.status.${current.status}`) });
  if (shown !== undefined && current.status !== shown) return moved;
  return isMajorSeverity(current.severity) && !current.commander ? t("admin.refused.noCommander") : moved;
}
