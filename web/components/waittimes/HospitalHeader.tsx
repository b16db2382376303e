import { Show } from "solid-js";
import { figureLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import type { HospitalRecord, LatestWaitRecord } from "../../data/waittimes/hospitals";
import { lang, locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import Call911Line from "./Call911Line";
import HospitalContact from "./HospitalContact";

/**
 * The top of a hospital's page: the way back to its province, its name and city, how to reach it
 * (address, phone, directions, the health line), its latest figure (from the registry saved on the device, so it shows offline too) and related pages.
 * A saved copy that could not be brought up to date says when it was saved, as the list does.
 */
export default function HospitalHeader(props: {
  id: string;
  name: string;
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
  /** When the shown copy was saved, if it was not brought up to date (offline, server not reached). */
  savedCopyAt?: string;
}) {
  const h = () => props.hospital;
  const latest = () => {
    const l = props.latest;
    const hospital = h();
    if (!hospital || !l || l.value === null || !l.observedAt) return null;
    return {
      value: formatWait(l.value, hospital.methodology.metric_family, lang()),
      stamp: figureLabel(
        l.observedAt,
        hospital.cadence_seconds,
        hospital.methodology.statistic_type,
        t,
        locale(),
      ),
    };
  };
  const id = () => encodeURIComponent(props.id);
  return (
    <>
      <Show when={h()?.province}>
        {(p) => (
          <p>
            <a href={`/waits?province=${p()}`}>{t("trends.back", { province: t(`province.${p()}`) })}</a>
          </p>
        )}
      </Show>
      <h1>{props.name}</h1>
      <Call911Line />
      <Show when={h()}>
        {(hospital) => (
          <p class="muted" data-testid="hospital-place">
            {hospital().city}, {t(`province.${hospital().province}`)}
          </p>
        )}
      </Show>
      <Show when={h()}>{(hospital) => <HospitalContact hospital={hospital()} />}</Show>
      <Show when={h()}>
        <Show when={latest()} fallback={<p data-testid="hospital-latest">{t("waits.noFigure")}</p>}>
          {(l) => (
            <p class="latest hospital-latest" data-testid="hospital-latest">
              {t("waits.latest")} <strong>{l().value}</strong> · {l().stamp}
            </p>
          )}
        </Show>
        <Show when={props.savedCopyAt}>
          {(at) => (
            <p class="notice" data-testid="hospital-saved-copy">
              {t("waits.offlineCopy", {
                date: formatDate(locale(), at(), { dateStyle: "long", timeStyle: "short" }),
              })}
            </p>
          )}
        </Show>
      </Show>
      <ul class="waits-links">
        <li>
          <a href={`/waits/compare?a=${id()}`}>{t("compare.link")}</a>
        </li>
        <li>
          <a href={`/waits/${id()}/quality`}>{t("waits.quality.link")}</a>
        </li>
      </ul>
    </>
  );
}
