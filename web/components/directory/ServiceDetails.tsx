import { For, type JSX, Show } from "solid-js";
import type { DirectoryService } from "../../../shared/directory/types";
import { isWebAddress } from "../../../shared/directory/web-address";
import { formatAddress } from "../../data/formatAddress";
import { lang, t } from "../../i18n/i18n";
import WeeklyHours from "./WeeklyHours";

function Fact(props: { label: string; children: JSX.Element }) {
  return (
    <div class="fact">
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/** Everything the directory knows about one service, laid out for reading and calling. */
export default function ServiceDetails(props: { service: DirectoryService }) {
  const s = () => props.service;
  return (
    <>
      <h1>{s().name[lang()]}</h1>
      <p class="meta">
        <span class="tag">{t(`category.${s().category}`)}</span>
      </p>
      <Show when={s().organizationName !== s().name[lang()]}>
        <p class="muted">{t("search.by", { organization: s().organizationName })}</p>
      </Show>
      <p class="lead">{s().description[lang()]}</p>
      <dl class="facts">
        <Show when={s().phones.length > 0}>
          <Fact label={t("search.phone")}>
            <For each={s().phones}>
              {(p) => (
                <div>
                  {p.label ? `${p.label}: ` : ""}
                  <a href={`tel:${p.number.replace(/[^\d+]/g, "")}`}>{p.number}</a>
                </div>
              )}
            </For>
          </Fact>
        </Show>
        <Show when={s().email}>
          {(email) => (
            <Fact label={t("service.email")}>
              <a href={`mailto:${email()}`}>{email()}</a>
            </Fact>
          )}
        </Show>
        {/* A copy synced before websites were checked may hold a runnable link: never show it. */}
        <Show when={isWebAddress(s().url) && s().url}>
          {(url) => (
            <Fact label={t("search.website")}>
              <a class="break" href={url()} target="_blank" rel="noopener noreferrer">
                {url()}
              </a>
            </Fact>
          )}
        </Show>
        <Show when={s().locations.length > 0}>
          <Fact label={t("service.locations")}>
            <For each={s().locations}>
              {(l) => <div>{formatAddress([l.name, l.address, l.city, l.province, l.postalCode])}</div>}
            </For>
          </Fact>
        </Show>
        <Show when={s().eligibility}>{(v) => <Fact label={t("service.eligibility")}>{v()}</Fact>}</Show>
        <Show when={s().fees}>{(v) => <Fact label={t("service.fees")}>{v()}</Fact>}</Show>
        <Show when={s().applicationProcess}>
          {(v) => <Fact label={t("service.apply")}>{v()[lang()]}</Fact>}
        </Show>
        <Show when={s().documentsRequired}>{(v) => <Fact label={t("service.documents")}>{v()}</Fact>}</Show>
        <Show when={s().languages.length > 0}>
          <Fact label={t("service.languages")}>{s().languages.join(", ")}</Fact>
        </Show>
      </dl>
      <Show when={s().schedule}>
        {(schedule) => (
          <section aria-labelledby="hours-heading">
            <h2 id="hours-heading">{t("service.hours")}</h2>
            <WeeklyHours schedule={schedule()} />
            <Show when={schedule().notes}>{(n) => <p>{n()[lang()]}</p>}</Show>
          </section>
        )}
      </Show>
      <p class="muted">
        <Show when={s().lastVerified}>
          {(d) =>
            `${t("service.verified", { date: new Date(d()).toLocaleDateString(lang(), { dateStyle: "long" }) })} `
          }
        </Show>
        {t("service.source", { source: s().provenance.source })}
      </p>
    </>
  );
}
