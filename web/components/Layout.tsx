import type { RouteSectionProps } from "@solidjs/router";
import { Suspense } from "solid-js";
import { t } from "../i18n/i18n";
import "../styles/kiosk.css";
import FocusOnNavigate from "./FocusOnNavigate";
import KioskMode from "./KioskMode";
import OfflineNotice from "./OfflineNotice";
import SiteHeader from "./SiteHeader";
import SkipLink from "./SkipLink";
import UpdatePrompt from "./UpdatePrompt";

export default function Layout(props: RouteSectionProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <OfflineNotice />
      <main id="main" tabindex="-1">
        <Suspense fallback={<p>{t("loading")}</p>}>{props.children}</Suspense>
      </main>
      <UpdatePrompt />
      <KioskMode />
      <FocusOnNavigate />
    </>
  );
}
