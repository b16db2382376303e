import { type JSX, Show } from "solid-js";
import { directionsLinks } from "../../../shared/geo/directions";
import { formatAddress } from "../../data/directory/formatAddress";
import type { HospitalRecord } from "../../data/waittimes/hospitals";
import { t } from "../../i18n/i18n";
import { kiosk } from "../../state/kiosk";

/**
 * How to reach a hospital: its address, its phone where a source gave one, directions from its
 * coordinates (the phone's map app and OpenStreetMap; a kiosk shows the address only, as a map app
 * or site would outlive its start-over), and the province's health line for advice before going.
 * `compact` is the card's form: the address, then the rest on one line.
 */
export default function HospitalContact(props: { hospital: HospitalRecord; compact?: boolean }) {
  const h = () => props.hospital;
  // The city at least: a card always says where the hospital is.
  const address = () => formatAddress([h().address, h().city]);
  const directions = () => (kiosk() ? null : directionsLinks(h().latitude, h().longitude, address()));
  const line = () => t(`waits.healthLine.${h().province}`);
  const phone = (): JSX.Element => (
    <Show when={h().phone}>
      {(p) => (
        <span class="phone">
          <Show when={!props.compact}>{t("waits.phone")} </Show>
          <a href={`tel:${p().replace(/[^\d+]/g, "")}`}>{p()}</a>
        </span>
      )}
    </Show>
  );
  const ways = (): JSX.Element => (
    <Show when={directions()}>
      {(d) => (
        <span class="directions">
          <a href={d().geo} data-testid="directions-geo">
            {t("waits.directions")}
          </a>
          {" · "}
          <a href={d().map} target="_blank" rel="noopener noreferrer" data-testid="directions-map">
            {props.compact ? t("waits.directions.mapShort") : t("waits.directions.map")}
          </a>
        </span>
      )}
    </Show>
  );
  return (
    <Show
      when={props.compact}
      fallback={
        <div class="hospital-contact" data-testid="hospital-contact">
          <Show when={address()}>
            {(a) => (
              <p class="address">
                <strong>{t("waits.address")}</strong> {a()}
              </p>
            )}
          </Show>
          <Show when={h().phone}>
            <p>{phone()}</p>
          </Show>
          <Show when={directions()}>
            <p>{ways()}</p>
          </Show>
          <p class="health-line" data-testid="health-line">
            {t("waits.healthLine")} <a href="tel:811">{t("waits.healthLine.call", { line: line() })}</a>
          </p>
        </div>
      }
    >
      <div class="hospital-contact compact" data-testid="hospital-contact">
        <Show when={address()}>{(a) => <p class="address">{a()}</p>}</Show>
        <p class="reach">
          {phone()}
          <Show when={h().phone && directions()}>{" · "}</Show>
          {ways()}
          <Show when={h().phone || directions()}>{" · "}</Show>
          <a href="tel:811" class="health-line" data-testid="health-line">
            {t("waits.healthLine.short", { line: line() })}
          </a>
        </p>
      </div>
    </Show>
  );
}
