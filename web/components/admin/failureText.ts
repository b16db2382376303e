import { isApiError } from "../../data/api/client";
import { t } from "../../i18n/i18n";

/**
 * Why a change was refused, for the operator. A 403 on a write means this tab has no CSRF token
 * (it was not the tab that signed in): the server's wording about headers would not help.
 */
export function failureText(error: unknown): string {
  if (isApiError(error, 403)) return t("admin.signInAgain");
  return error instanceof Error ? error.message : String(error);
}
