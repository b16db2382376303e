import { For } from "solid-js";
import type { OccupancyHospital } from "../../data/waittimes/occupancy";
import { locale, t } from "../../i18n/i18n";
import { formatDate, formatNumber, numberFormat } from "../../i18n/intlFormats";
import ScrollingTable from "./ScrollingTable";

/**
 * Each reporting Quebec hospital's stretcher occupancy, stretchers in use and patients waiting,
 * with the time of its own figure: the feed's rows may be hours apart, so one time for all would
 * pass older rows off as current.
 */
export default function OccupancyTable(props: { hospitals: OccupancyHospital[] }) {
  const pct = (v: number) =>
    numberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(v / 100);
  const num = (v: number | null) => (v === null ? "–" : formatNumber(locale(), v));
  const today = new Date().toDateString();
  const reported = (iso: string) =>
    formatDate(
      locale(),
      iso,
      new Date(iso).toDateString() === today
        ? { hour: "numeric", minute: "2-digit" }
        : { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
    );
  return (
    <ScrollingTable label={t("waits.occ.tableLabel")}>
      <table class="data" data-testid="occupancy-table">
        <thead>
          <tr>
            <th scope="col">{t("waits.bench.col.hospital")}</th>
            <th scope="col">{t("waits.occ.col.occupancy")}</th>
            <th scope="col">{t("waits.occ.col.stretchers")}</th>
            <th scope="col">{t("waits.occ.col.waiting")}</th>
            <th scope="col">{t("waits.occ.col.reported")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.hospitals}>
            {(h) => (
              <tr>
                <th scope="row">
                  {h.hospital_id ? (
                    <a href={`/waits/${encodeURIComponent(h.hospital_id)}`}>{h.name}</a>
                  ) : (
                    h.name
                  )}
                </th>
                <td>{pct(h.occupancy_percent)}</td>
                <td>
                  {h.stretchers_occupied === null || h.stretchers_total === null
                    ? "–"
                    : t("waits.occ.stretchers", {
                        occupied: num(h.stretchers_occupied),
                        total: num(h.stretchers_total),
                      })}
                </td>
                <td>{num(h.patients_waiting)}</td>
                <td class="occ-reported" data-testid="reported">
                  <time datetime={h.observed_at}>{reported(h.observed_at)}</time>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </ScrollingTable>
  );
}
