import { A } from "@solidjs/router";
import { For, Show } from "solid-js";
import { loadError, services } from "../../data/partner/services";
import { lang, t } from "../../i18n/i18n";
import { failureText } from "../admin/failureText";
import { formatWhen } from "./formatWhen";

/** The organization's services, each with its version and the ways to edit it or read its history. */
export default function ServiceList() {
  return (
    <section aria-labelledby="pf-services-heading">
      <div class="pf-heading-row">
        <h2 id="pf-services-heading">{t("partner.services.heading")}</h2>
        <A class="button" href="/partner/services/new">
          {t("partner.services.add")}
        </A>
      </div>
      <Show when={loadError()}>
        {(f) => (
          <p class="notice pf-services-failed">
            {t("partner.services.loadFailed", { reason: failureText(f().failure) })}
          </p>
        )}
      </Show>
      <Show when={services()} fallback={<p role="status">{t("loading")}</p>}>
        {(list) => (
          <Show when={list().length > 0} fallback={<p>{t("partner.services.none")}</p>}>
            <ul class="cards pf-services">
              <For each={list()}>
                {(s) => (
                  <li class="card" data-service={s.id}>
                    <h3 lang={lang()}>{s.name[lang()]}</h3>
                    <p class="muted">
                      {t("partner.services.meta", {
                        version: s.version,
                        date: formatWhen(s.updatedAt),
                        status: t(`partner.serviceStatus.${s.status}`),
                      })}
                    </p>
                    <p class="pf-actions">
                      <A
                        href={`/partner/services/${s.id}`}
                        aria-label={t("partner.services.editNamed", { name: s.name[lang()] })}
                      >
                        {t("partner.services.edit")}
                      </A>
                      <A
                        href={`/partner/services/${s.id}/history`}
                        aria-label={t("partner.services.historyNamed", { name: s.name[lang()] })}
                      >
                        {t("partner.services.history")}
                      </A>
                    </p>
                  </li>
                )}
              </For>
            </ul>
          </Show>
        )}
      </Show>
    </section>
  );
}
