import { For } from "solid-js";
import type { Observability } from "../../data/observability";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

// The server names its checks and their fixed values in English (server/directory/incidents/severity.ts);
// these are shown in the reader's language. Anything else (figures, breaker names) is shown as sent.
const WORDS: Record<string, MessageKey> = {
  "error rate": "admin.check.errorRate",
  "p95 latency": "admin.check.p95",
  "circuit breakers": "admin.check.breakers",
  database: "admin.check.database",
  "< 1%": "admin.target.errorRate",
  "< 800 ms": "admin.target.p95",
  "all CLOSED": "admin.value.allClosed",
  answers: "admin.target.database",
  "no traffic": "admin.value.noTraffic",
  ok: "admin.value.ok",
  unavailable: "admin.value.unavailable",
};
const say = (text: string) => (WORDS[text] ? t(WORDS[text]) : text);

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
                  <th scope="row">{say(c.name)}</th>
                  <td>{say(c.target)}</td>
                  <td>{say(c.value)}</td>
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
