import { For } from "solid-js";
import type { Observability } from "../../data/admin/observability";
import { t } from "../../i18n/i18n";

/** The spec's thresholds with pass/fail; names, targets and values come worded in the reader's language. */
export default function ThresholdTable(props: { thresholds: Observability["thresholds"] }) {
  return (
    <section aria-labelledby="checks-heading">
      <h2 id="checks-heading">{t("obs.checks")}</h2>
      <section class="table-scroll" tabindex="0" aria-labelledby="checks-heading">
        <table class="data">
          <thead>
            <tr>
              <th scope="col">{t("obs.check")}</th>
              <th scope="col">{t("obs.target")}</th>
              <th scope="col">{t("obs.now")}</th>
              <th scope="col">{t("obs.status")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.thresholds.checks}>
              {(c) => (
                <tr>
                  <th scope="row">{c.name}</th>
                  <td>{c.target}</td>
                  <td>{c.value}</td>
                  <td class={c.pass ? "pass" : "fail"}>{c.pass ? t("obs.pass") : t("obs.fail")}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </section>
    </section>
  );
}
