import { Show } from "solid-js";
import { type ArchiveEdition, editionDownload } from "../../data/archive/editions";
import { locale, t } from "../../i18n/i18n";
import { formatNumber, numberFormat } from "../../i18n/intlFormats";
import { kiosk } from "../../state/kiosk";

/**
 * One annual edition: whose, which year, how far along in words, how much of the year's intended
 * pages it holds, and the download once its pages can be searched (not on a kiosk: a file saved
 * there would outlive the visit, on a screen the visitor cannot take home).
 */
export default function EditionCard(props: { edition: ArchiveEdition; sourceName: string }) {
  const e = () => props.edition;
  const share = () =>
    numberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(
      Math.min(1, e().capturedUrlCount / e().intendedUrlCount),
    );
  return (
    <li class="card edition">
      <h3>{t("archive.editions.cardTitle", { source: props.sourceName, year: e().year })}</h3>
      <p class="meta">
        <span class={e().searchReady ? "tag open" : "tag"}>{t(`archive.editions.status.${e().status}`)}</span>
      </p>
      <Show
        when={e().intendedUrlCount > 0}
        fallback={<p class="muted">{t("archive.editions.notMeasured")}</p>}
      >
        <p>
          {t("archive.editions.coverage", {
            captured: formatNumber(locale(), e().capturedUrlCount),
            intended: formatNumber(locale(), e().intendedUrlCount),
            share: share(),
          })}
        </p>
      </Show>
      <Show when={!kiosk()}>
        <Show when={e().searchReady} fallback={<p class="muted">{t("archive.editions.notYet")}</p>}>
          <p>
            <a href={editionDownload(e().id)} download="">
              {t("archive.editions.download", { year: e().year })}
            </a>
          </p>
          <p class="muted">{t("archive.editions.downloadHint")}</p>
        </Show>
      </Show>
    </li>
  );
}
