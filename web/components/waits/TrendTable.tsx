import { For } from "solid-js";
import type { TrendPoint } from "../../../shared/waittimes/schemas";
import { formatWait } from "../../data/formatWait";
import { lang, t } from "../../i18n/i18n";

/** The chart's figures as a table, for screen readers and for anyone who wants the numbers. */
export default function TrendTable(props: { points: TrendPoint[]; metric: string }) {
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
  return (
    <details class="trend-table">
      <summary>{t("trends.table")}</summary>
      <section class="table-scroll" tabindex="0" aria-label={t("trends.table")}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("trends.time")}</th>
              <th scope="col">{t("trends.value")}</th>
              <th scope="col">{t("trends.min")}</th>
              <th scope="col">{t("trends.max")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.points}>
              {(p) => (
                <tr>
                  <th scope="row">{when(p.timestamp)}</th>
                  <td>{formatWait(p.value, props.metric, lang())}</td>
                  <td>{formatWait(p.min, props.metric, lang())}</td>
                  <td>{formatWait(p.max, props.metric, lang())}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
    </details>
  );
}
