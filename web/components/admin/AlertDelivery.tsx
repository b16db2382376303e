import { For, Show } from "solid-js";
import type { Observability } from "../../data/admin/observability";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

/** Whether alerts reach people: each channel's last outcome, and a warning when both failed. */
export default function AlertDelivery(props: { delivery: Observability["alertDelivery"] }) {
  const when = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  const configured = () => props.delivery.channels.filter((c) => c.configured);
  return (
    <section aria-labelledby="alerts-heading">
      <h2 id="alerts-heading">{t("obs.alerts")}</h2>
      <Show when={props.delivery.undelivered.count > 0}>
        <p class="status-bad" role="alert" data-testid="alerts-undelivered">
          {t("obs.alerts.undelivered", {
            count: props.delivery.undelivered.count,
            time: props.delivery.undelivered.lastAt ? when(props.delivery.undelivered.lastAt) : "",
            incident: props.delivery.undelivered.lastIncidentId
              ? `, ${props.delivery.undelivered.lastIncidentId}`
              : "",
          })}
        </p>
      </Show>
      <Show when={configured().length > 0} fallback={<p>{t("obs.alerts.none")}</p>}>
        <ul class="plain" data-testid="alert-channels">
          <For each={props.delivery.channels}>
            {(c) => (
              <li>
                <strong>{t(`obs.alerts.${c.name}`)}</strong>
                {t("obs.colon")}
                <Show when={c.configured} fallback={t("obs.alerts.off")}>
                  <Show when={c.lastDeliveredAt || c.lastFailedAt} fallback={t("obs.alerts.never")}>
                    <Show when={c.lastDeliveredAt}>
                      {(at) => <span class="pass">{t("obs.alerts.delivered", { time: when(at()) })}</span>}
                    </Show>
                    <Show when={c.lastDeliveredAt && c.lastFailedAt}>{"; "}</Show>
                    <Show when={c.lastFailedAt}>
                      {(at) => <span class="fail">{t("obs.alerts.failed", { time: when(at()) })}</span>}
                    </Show>
                  </Show>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
