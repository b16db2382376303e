import { t } from "../../i18n/i18n";

/** Opens a capture on the replay origin (another port) in a new tab, and says so. */
export default function ReplayLink(props: { href: string; class?: string }) {
  return (
    <a class={props.class ?? "archive-replay"} href={props.href} target="_blank" rel="noopener noreferrer">
      {t("archive.replay.open")}
      <span class="visually-hidden"> {t("archive.replay.newTab")}</span>
    </a>
  );
}
