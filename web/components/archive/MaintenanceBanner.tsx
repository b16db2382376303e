import { Show } from "solid-js";
import { maintenanceNotice } from "../../data/archive/maintenance";
import { lang, t } from "../../i18n/i18n";

/** Shown on archive pages after the API answered 503 because an operator put it in maintenance. */
export default function MaintenanceBanner() {
  const until = (iso: string) =>
    new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
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
                ? t("archive.maintenance.until", { time: until(n().until as string) })
                : t("archive.maintenance.soon")}
            </p>
            <Show when={n().reason}>
              {(reason) => <p>{t("archive.maintenance.reason", { reason: reason() })}</p>}
            </Show>
          </div>
        )}
      </Show>
    </div>
  );
}
