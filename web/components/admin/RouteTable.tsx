import { For, Show } from "solid-js";
import type { RouteStats } from "../../data/admin/observability";
import { locale, t } from "../../i18n/i18n";
import { formatNumber, numberFormat } from "../../i18n/intlFormats";

/** Milliseconds as the page's language writes numbers ("1,140 ms", "1 140 ms"), as the charts do. */
const ms = (v: number | null) => (v === null ? "–" : `${formatNumber(locale(), Math.round(v))} ms`);

export default function RouteTable(props: { window: "5m" | "1h" | "24h"; routes: RouteStats[] }) {
  const pct = (v: number) => numberFormat(locale(), { style: "percent", maximumFractionDigits: 1 }).format(v);
  return (
    <section aria-labelledby={`routes-${props.window}`}>
      <h3 id={`routes-${props.window}`}>
        {t("obs.routes")} – {t(`obs.window.${props.window}`)}
      </h3>
      <Show when={props.routes.length > 0} fallback={<p>{t("obs.noTraffic")}</p>}>
        <section class="table-scroll" tabindex="0" aria-labelledby={`routes-${props.window}`}>
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("obs.route")}</th>
                <th scope="col">{t("obs.requests")}</th>
                <th scope="col">{t("obs.errors")}</th>
                <th scope="col">p50</th>
                <th scope="col">p95</th>
                <th scope="col">p99</th>
              </tr>
            </thead>
            <tbody>
              <For each={props.routes}>
                {(r) => (
                  <tr>
                    <th scope="row">
                      {r.method} {r.route}
                    </th>
                    <td>{formatNumber(locale(), r.count)}</td>
                    <td>{pct(r.errorRate)}</td>
                    <td>{ms(r.p50)}</td>
                    <td>{ms(r.p95)}</td>
                    <td>{ms(r.p99)}</td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </section>
      </Show>
    </section>
  );
}
