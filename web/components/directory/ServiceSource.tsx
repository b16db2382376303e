import { For } from "solid-js";
import type { SavedService } from "../../data/directory/savedService";
import { sourceSentences } from "../../data/directory/serviceSource";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";

/** Who published a service's facts and when they were last checked, in the reader's language. */
export default function ServiceSource(props: { service: SavedService }) {
  const date = (iso: string) => formatDate(locale(), iso, { dateStyle: "long" });
  return (
    <p class="muted" data-testid="service-source">
      <For each={sourceSentences(props.service)}>
        {(s) => `${t(s.key, s.date ? { ...s.params, date: date(s.date) } : s.params)} `}
      </For>
    </p>
  );
}
