import { For, type JSX, Show } from "solid-js";
import { isWebAddress } from "../../../shared/directory/web-address";
import { directionsLinks } from "../../../shared/geo/directions";
import { formatAddress } from "../../data/directory/formatAddress";
import type { SavedService } from "../../data/directory/savedService";
import { documentsText, feesText, languageNames, type Worded } from "../../data/directory/serviceText";
import { langAttr, localized } from "../../i18n/contentLang";
import { lang, t } from "../../i18n/i18n";
import { kiosk } from "../../state/kiosk";
import OfferedBy from "./OfferedBy";
import PhoneLine from "./PhoneLine";
import ServiceClosed from "./ServiceClosed";
import ServiceSource from "./ServiceSource";
import TakeAway from "./TakeAway";
import WeeklyHours from "./WeeklyHours";

/** One labelled fact; `lang` marks a value held only in another language than the page's. */
function Fact(props: { label: string; lang?: string; children: JSX.Element }) {
  return (
    <div class="fact">
      <dt>{props.label}</dt>
      <dd lang={props.lang}>{props.children}</dd>
    </div>
  );
}

/** A fact whose text may be in the reader's language or in English (`Worded`), marked as such. */
function WordedFact(props: { label: string; worded: Worded }) {
  return (
    <Fact label={props.label} lang={langAttr(props.worded.lang)}>
      {props.worded.text}
    </Fact>
  );
}

/**
 * Everything the directory knows about one service, laid out for reading and calling. Our French
 * is shown where we hold it; what exists only in English carries lang="en" on a French page.
 */
export default function ServiceDetails(props: { service: SavedService }) {
  const s = () => props.service;
  const name = () => localized(s().name);
  const description = () => localized(s().description);
  // Eligibility, documents and phone labels are held only as the organization wrote them (English).
  const english = () => langAttr("en");
  // Closed for now or for good: said at the top, and no way to call, write, go or apply is offered
  // (a copy saved before the status was kept has none, read as active).
  const stopped = () => {
    const status = s().status;
    return status === "inactive" || status === "defunct" ? status : null;
  };
  const open = () => stopped() === null;
  return (
    <>
      <h1 lang={langAttr(name().lang)}>{name().text}</h1>
      <Show when={stopped()}>{(status) => <ServiceClosed status={status()} category={s().category} />}</Show>
      <p class="meta">
        <span class="tag">{t(`category.${s().category}`)}</span>
      </p>
      <Show when={s().organizationName !== name().text}>
        <OfferedBy service={s()} />
      </Show>
      <p class="lead" lang={langAttr(description().lang)}>
        {description().text}
      </p>
      <dl class="facts">
        <Show when={open() && s().phones.length > 0}>
          <Fact label={t("search.phone")}>
            <For each={s().phones}>
              {(p) => (
                <div>
                  <PhoneLine phone={p} />
                </div>
              )}
            </For>
          </Fact>
        </Show>
        <Show when={open() && s().email}>
          {(email) => (
            <Fact label={t("service.email")}>
              {/* On a kiosk, the address to note down: a mail program would keep the visit's
                  message after the kiosk starts over. */}
              <Show when={!kiosk()} fallback={<span class="break">{email()}</span>}>
                <a href={`mailto:${email()}`}>{email()}</a>
              </Show>
            </Fact>
          )}
        </Show>
        {/* A copy synced before websites were checked may hold a runnable link: never show it. */}
        <Show when={open() && isWebAddress(s().url) && s().url}>
          {(url) => (
            <Fact label={t("search.website")}>
              {/* On a kiosk, the address to note or take away: another site's tab would outlive
                  the kiosk's start-over. */}
              <Show when={!kiosk()} fallback={<span class="break">{url()}</span>}>
                <a class="break" href={url()} target="_blank" rel="noopener noreferrer">
                  {url()}
                </a>
              </Show>
            </Fact>
          )}
        </Show>
        <Show when={open() && s().locations.length > 0}>
          <Fact label={t("service.locations")}>
            <For each={s().locations}>
              {(l) => {
                const text = formatAddress([l.name, l.address, l.city, l.province, l.postalCode]);
                // A postal-only address (head office, mailing) is not a place to go to. A kiosk
                // shows the address only: a map app or site would outlive its start-over.
                const ways = l.type === "physical" && !kiosk() ? directionsLinks(l.lat, l.lng, text) : null;
                return (
                  <div class="location">
                    {text}
                    <Show when={ways}>
                      {(d) => (
                        <div class="directions">
                          <a href={d().geo} data-testid="service-directions-geo">
                            {t("takeaway.directions")}
                          </a>
                          {" · "}
                          <a
                            href={d().map}
                            target="_blank"
                            rel="noopener noreferrer"
                            data-testid="service-directions-map"
                          >
                            {t("takeaway.map")}
                          </a>
                        </div>
                      )}
                    </Show>
                  </div>
                );
              }}
            </For>
          </Fact>
        </Show>
        <Show when={s().eligibility}>
          {(v) => (
            <Fact label={t("service.eligibility")} lang={english()}>
              {v()}
            </Fact>
          )}
        </Show>
        <Show when={s().fees}>
          {(v) => <WordedFact label={t("service.fees")} worded={feesText(v(), lang())} />}
        </Show>
        <Show when={open() && s().applicationProcess}>
          {(v) => <WordedFact label={t("service.apply")} worded={localized(v())} />}
        </Show>
        <Show when={open() && s().documentsRequired}>
          {(v) => <WordedFact label={t("service.documents")} worded={documentsText(v(), lang())} />}
        </Show>
        <Show when={s().languages.length > 0}>
          <Fact label={t("service.languages")}>
            <For each={languageNames(s().languages, lang())}>
              {(l, i) => (
                <>
                  {i() > 0 ? ", " : ""}
                  <span lang={langAttr(l.lang)}>{l.text}</span>
                </>
              )}
            </For>
          </Fact>
        </Show>
      </dl>
      <Show when={open() && s().schedule}>
        {(schedule) => (
          <section aria-labelledby="hours-heading">
            <h2 id="hours-heading">{t("service.hours")}</h2>
            <WeeklyHours schedule={schedule()} />
            <Show when={schedule().notes}>
              {(n) => <p lang={langAttr(localized(n()).lang)}>{localized(n()).text}</p>}
            </Show>
          </section>
        )}
      </Show>
      <Show when={open()}>
        <TakeAway service={s()} />
      </Show>
      <ServiceSource service={s()} />
    </>
  );
}
