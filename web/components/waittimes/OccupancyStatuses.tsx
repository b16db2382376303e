import { For } from "solid-js";
import { OCCUPANCY_STATUSES, type OccupancyStatus } from "../../../shared/waittimes/schemas";
import { t } from "../../i18n/i18n";

/** The three statuses in plain words, the current one marked, so a reader knows what "none" means. */
export default function OccupancyStatuses(props: { current: OccupancyStatus; windowHours: number }) {
  return (
    <section aria-labelledby="occ-statuses">
      <h2 id="occ-statuses">{t("waits.occ.statuses")}</h2>
      <ul class="list">
        <For each={OCCUPANCY_STATUSES}>
          {(status) => (
            <li
              class="status-card"
              data-status={status}
              data-current={String(status === props.current)}
              aria-current={status === props.current ? "true" : undefined}
            >
              <strong>{t(`waits.occ.status.${status}`)}</strong>
              <p>{t(`waits.occ.status.${status}.explain`, { hours: props.windowHours })}</p>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
