import { Show } from "solid-js";
import type { ArchiveSource } from "../../data/archive/sources";
import { langAttr } from "../../i18n/contentLang";
import { locale, t } from "../../i18n/i18n";
import { formatDate, formatNumber } from "../../i18n/intlFormats";

// The site's address helps a reader recognise it; a plain-http or local address (the bundled demo
// site) says nothing to the public, so only https addresses are shown.
const publicAddress = (url: string | null) => (url?.startsWith("https://") ? url : null);

const day = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium" });

/** One archived source: what it is, how many captures, and over what span of time. */
export default function SourceCard(props: { source: ArchiveSource }) {
  const s = () => props.source;
  return (
    <li class="card source">
      <h3 lang={langAttr(s().textLanguage)}>{s().name}</h3>
      <p class="meta">
        <span class="tag">{t("archive.captures", { count: formatNumber(locale(), s().snapshotCount) })}</span>
        <Show when={!s().enabled}>
          <span class="tag closed">{t("archive.paused")}</span>
        </Show>
      </p>
      <Show when={s().description}>
        <p lang={langAttr(s().textLanguage)}>{s().description}</p>
      </Show>
      <Show when={s().firstCapture && s().latestCapture}>
        <p class="muted">
          {t("archive.range", { first: day(s().firstCapture!), latest: day(s().latestCapture!) })}
        </p>
      </Show>
      <Show when={publicAddress(s().baseUrl)}>{(url) => <p class="muted break">{url()}</p>}</Show>
    </li>
  );
}
