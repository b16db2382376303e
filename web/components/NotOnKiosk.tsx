import { A, type RouteSectionProps } from "@solidjs/router";
import { type Component, Show } from "solid-js";
import { t } from "../i18n/i18n";
import { kiosk } from "../state/kiosk";
import EmergencyNumbers from "./EmergencyNumbers";
import { usePageTitle } from "./usePageTitle";

function KioskBlocked() {
  usePageTitle("kiosk.blocked.title");
  return (
    <>
      <h1>{t("kiosk.blocked.title")}</h1>
      <p>{t("kiosk.blocked.body")}</p>
      <p>
        <A href="/">{t("kiosk.blocked.home")}</A>
      </p>
      <EmergencyNumbers />
    </>
  );
}

/** Wraps a sign-in page (partner, operator): a shared kiosk screen shows a notice instead. */
export function notOnKiosk(Page: Component<RouteSectionProps>): Component<RouteSectionProps> {
  return (props) => (
    <Show when={!kiosk()} fallback={<KioskBlocked />}>
      <Page {...props} />
    </Show>
  );
}
