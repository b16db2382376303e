import { For, Show } from "solid-js";
import { hoursChangeLines } from "../../data/directory/hoursChanges";
import type { SavedService } from "../../data/directory/savedService";
import { hoursLines, phoneForCard, serviceVCard } from "../../data/directory/takeaway";
import { langAttr, localized } from "../../i18n/contentLang";
import { lang, t } from "../../i18n/i18n";
import "../../styles/takeaway.css";
import OfferedBy from "./OfferedBy";
import ServiceQrCode from "./ServiceQrCode";

/**
 * Something to take away from a service page, for a kiosk where a call link is no use: a QR code
 * a phone camera reads with no data (a contact card: name, phones, address, hours) and a Print
 * button. The printed page is the slip below, shown only on paper (takeaway.css).
 */
export default function TakeAway(props: { service: SavedService }) {
  const s = () => props.service;
  const name = () => localized(s().name);
  const vcard = () => serviceVCard(s(), name().text, lang(), t);
  return (
    <>
      <section class="takeaway" aria-labelledby="takeaway-heading">
        <h2 id="takeaway-heading">{t("takeaway.heading")}</h2>
        <div class="takeaway-body">
          <ServiceQrCode text={vcard()} label={t("takeaway.qrLabel", { name: name().text })} />
          <div>
            <p>{t("takeaway.qr")}</p>
            <button type="button" class="primary" onClick={() => window.print()}>
              {t("takeaway.print")}
            </button>
            <p class="muted">{t("takeaway.printHint")}</p>
          </div>
        </div>
      </section>
      <PrintSlip service={s()} vcard={vcard()} />
    </>
  );
}

/**
 * One printed slip in the page's language: name, phones, address, hours and the dated closures of
 * the coming weeks, how to apply, the QR code.
 */
function PrintSlip(props: { service: SavedService; vcard: string }) {
  const s = () => props.service;
  const name = () => localized(s().name);
  const apply = () => (s().applicationProcess ? localized(s().applicationProcess!) : null);
  // Printed when the button is pressed: "now" is when the page drew the slip, as for the hours.
  const changes = () => hoursChangeLines(s().schedule, new Date(), lang(), t);
  const phones = () =>
    s().phones.flatMap((p) => {
      const card = phoneForCard(p.number, p.label);
      return card ? [{ label: p.label, value: card.value }] : [];
    });
  return (
    <section class="print-slip" aria-hidden="true" data-testid="print-slip">
      <h2 lang={langAttr(name().lang)}>{name().text}</h2>
      <Show when={s().organizationName !== name().text}>
        <OfferedBy service={s()} />
      </Show>
      <Show when={phones().length > 0}>
        <h3>{t("search.phone")}</h3>
        <ul>
          <For each={phones()}>
            {(p) => (
              <li>
                <Show when={p.label}>{(l) => <span lang={langAttr("en")}>{l()}: </span>}</Show>
                {p.value}
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={s().locations.some((l) => l.address)}>
        <h3>{t("service.locations")}</h3>
        <ul>
          <For each={s().locations.filter((l) => l.address)}>{(l) => <li>{l.address}</li>}</For>
        </ul>
      </Show>
      <Show when={hoursLines(s(), lang(), t).length > 0}>
        <h3>{t("service.hours")}</h3>
        <ul>
          <For each={hoursLines(s(), lang(), t)}>{(line) => <li>{line}</li>}</For>
        </ul>
      </Show>
      <Show when={changes().length > 0}>
        <h3>{t("hoursChange.heading")}</h3>
        <ul data-testid="print-slip-changes">
          <For each={changes()}>{(line) => <li>{line}</li>}</For>
        </ul>
      </Show>
      <Show when={apply()}>
        {(a) => (
          <>
            <h3>{t("service.apply")}</h3>
            <p lang={langAttr(a().lang)}>{a().text}</p>
          </>
        )}
      </Show>
      <ServiceQrCode text={props.vcard} label={t("takeaway.qrLabel", { name: name().text })} />
    </section>
  );
}
