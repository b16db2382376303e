import { Show } from "solid-js";
import { t } from "../../i18n/i18n";
import { online } from "../../state/online";

/** Offline, the home page says plainly what still works instead of leaving people to find out. */
export default function OfflineAbilities() {
  return (
    <Show when={!online()}>
      <section class="offline-abilities" aria-labelledby="offline-abilities-title">
        <h2 id="offline-abilities-title">{t("home.offline.title")}</h2>
        <ul>
          <li>{t("home.offline.search")}</li>
          <li>{t("home.offline.call")}</li>
          <li>{t("home.offline.waits")}</li>
          <li>{t("home.offline.later")}</li>
        </ul>
      </section>
    </Show>
  );
}
