import { For, Show } from "solid-js";
import { isWebAddress } from "../../../shared/directory/web-address";
import { formatAddress } from "../../data/directory/formatAddress";
import type { ResultItem } from "../../data/directory/search";
import { langAttr, localized } from "../../i18n/contentLang";
import { locale, t } from "../../i18n/i18n";
import { numberFormat } from "../../i18n/intlFormats";
import { kiosk } from "../../state/kiosk";
import OfferedBy from "./OfferedBy";
import PhoneLine from "./PhoneLine";

const ONE_DECIMAL: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };

/** One directory result: what it is, who runs it, whether it is open, and how to reach it. */
export default function ServiceResult(props: { service: ResultItem }) {
  const s = () => props.service;
  const name = () => localized(s().name);
  const description = () => localized(s().description);
  const place = () => s().locations.find((l) => l.type === "physical" && (l.address || l.city));
  return (
    <li class="card service">
      <h3>
        <a href={`/services/${encodeURIComponent(s().id)}`} lang={langAttr(name().lang)}>
          {name().text}
        </a>
      </h3>
      <p class="meta">
        <span class="tag">{t(`category.${s().category}`)}</span>
        <Show when={s().openNow !== null}>
          <span class={s().openNow ? "tag open" : "tag closed"}>
            {s().openNow ? t("search.openNow") : t("search.closedNow")}
          </span>
        </Show>
      </p>
      <Show when={s().organizationName && s().organizationName !== name().text}>
        <OfferedBy service={s()} />
      </Show>
      <p lang={langAttr(description().lang)}>{description().text}</p>
      <Show when={typeof s().distanceKm === "number"}>
        <p data-testid="distance">
          {t("search.distance", {
            km: numberFormat(locale(), ONE_DECIMAL).format(s().distanceKm as number),
          })}
        </p>
      </Show>
      <Show when={place()} fallback={<Show when={s().virtual}>{<p>{t("search.virtual")}</p>}</Show>}>
        {(loc) => <p>{formatAddress([loc().address, loc().city, loc().province])}</p>}
      </Show>
      <ul class="contact">
        <For each={s().phones}>
          {(phone) => (
            <li>
              <PhoneLine phone={phone} fallbackLabel={t("search.phone")} />
            </li>
          )}
        </For>
        {/* A copy synced before websites were checked may hold a runnable link: never show it.
            A kiosk opens no other site: its tab would outlive the kiosk's start-over. */}
        <Show when={!kiosk() && isWebAddress(s().url) && s().url}>
          {(url) => (
            <li>
              {/* Every card says "Website": a screen reader's list of links must tell them apart. */}
              <a href={url()} rel="noopener noreferrer" target="_blank">
                {t("search.website")}
                <span class="visually-hidden">{t("search.websiteOf", { name: name().text })}</span>
              </a>
            </li>
          )}
        </Show>
      </ul>
    </li>
  );
}
