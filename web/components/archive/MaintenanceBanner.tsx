import { onMount, Show } from "solid-js";
import {
  loadUpcomingMaintenance,
  maintenanceNotice,
  upcomingMaintenance,
} from "../../data/archive/maintenance";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

/**
 * Shown on archive pages: after the API answered 503 because an operator put it in maintenance,
 * and ahead of a window the operator announced (GET /api/maintenance). Times in the page's language.
 */
export default function MaintenanceBanner() {
  const when = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  onMount(() => void loadUpcomingMaintenance());
  return (
    <div role="status" aria-live="polite">
      <Show when={maintenanceNotice()}>
        {(n) => (
          <div class="notice archive-maintenance" data-testid="archive-maintenance">
            <p>
              <strong>{t("archive.maintenance.title")}</strong>
            </p>
            <p>
              {n().until
                ? t("archive.maintenance.until", { time: when(n().until as string) })
                : t("archive.maintenance.soon")}
            </p>
            <Show when={n().reason}>
              {(reason) => <p>{t("archive.maintenance.reason", { reason: reason() })}</p>}
            </Show>
          </div>
        )}
      </Show>
      <Show when={!maintenanceNotice() && upcomingMaintenance()}>
        {(w) => (
          <div class="notice archive-maintenance" data-testid="archive-maintenance-upcoming">
            <p>
              <strong>{t("archive.maintenance.upcomingTitle")}</strong>
            </p>
            <p>{t("archive.maintenance.upcoming", { start: when(w().startsAt), end: when(w().endsAt) })}</p>
            <p>{t("archive.maintenance.reason", { reason: w().reason })}</p>
          </div>
        )}
      </Show>
    </div>
  );
}
