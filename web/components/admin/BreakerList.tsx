import { For, Show } from "solid-js";
import type { Observability } from "../../data/admin/observability";
import { t } from "../../i18n/i18n";

export default function BreakerList(props: { breakers: Observability["breakers"] }) {
  return (
    <section aria-labelledby="breakers-heading">
      <h2 id="breakers-heading">{t("obs.breakers")}</h2>
      <Show when={props.breakers.length > 0} fallback={<p>{t("obs.noBreakers")}</p>}>
        <ul class="plain" data-testid="breakers">
          <For each={props.breakers}>
            {(b) => (
              <li>
                <strong>{b.name}</strong>
                {t("obs.colon")}
                <span class={b.state === "CLOSED" ? "pass" : "fail"}>{t(`admin.breaker.${b.state}`)}</span>
                {b.flapping ? `, ${t("obs.flapping")}` : ""}
                {b.stuckOpen ? `, ${t("obs.stuck")}` : ""}
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
