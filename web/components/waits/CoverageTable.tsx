import { For } from "solid-js";
import type { QualityDay } from "../../data/dataQuality";
import { lang, t } from "../../i18n/i18n";

/** The coverage timeline's figures as a table, for screen readers and anyone who wants the numbers. */
export default function CoverageTable(props: {
  daily: QualityDay[];
  formatPercent: (percent: number) => string;
}) {
  return (
    <details class="trend-table">
      <summary>{t("trends.table")}</summary>
      <section class="table-scroll" tabindex="0" aria-label={t("trends.table")}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("waits.quality.day")}</th>
              <th scope="col">{t("waits.quality.received")}</th>
              <th scope="col">{t("waits.quality.expected")}</th>
              <th scope="col">{t("waits.quality.timelineSeries")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.daily}>
              {(d) => (
                <tr>
                  <th scope="row">
                    {new Date(`${d.date}T12:00:00Z`).toLocaleDateString(lang(), {
                      dateStyle: "medium",
                      timeZone: "UTC",
                    })}
                  </th>
                  <td>{d.received}</td>
                  <td>{d.expected}</td>
                  <td>{props.formatPercent(d.coverage * 100)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
    </details>
  );
}
