import { Show } from "solid-js";
import { t } from "../../i18n/i18n";
import { kiosk } from "../../state/kiosk";

/**
 * Opens a capture on the replay origin (another port) in a new tab, and says so. Not on a shared
 * kiosk: a tab of another origin is beyond the kiosk's start-over, so the next visitor would find it.
 */
export default function ReplayLink(props: { href: string; class?: string }) {
  return (
    <Show when={!kiosk()} fallback={<span class="archive-replay-kiosk">{t("archive.replay.kiosk")}</span>}>
      <a class={props.class ?? "archive-replay"} href={props.href} target="_blank" rel="noopener noreferrer">
        {t("archive.replay.open")}
        <span class="visually-hidden"> {t("archive.replay.newTab")}</span>
      </a>
    </Show>
  );
}
