import type { RouteSectionProps } from "@solidjs/router";
import { ErrorBoundary, Suspense } from "solid-js";
import { t } from "../i18n/i18n";
import "../styles/kiosk.css";
import ExitBar from "./ExitBar";
import FocusOnNavigate from "./FocusOnNavigate";
import KioskMode from "./KioskMode";
import LoadError from "./LoadError";
import OfflineNotice from "./OfflineNotice";
import SiteHeader from "./SiteHeader";
import SkipLink from "./SkipLink";
import UpdatePrompt from "./UpdatePrompt";

export default function Layout(props: RouteSectionProps) {
  return (
    <>
      <SkipLink />
      <ExitBar />
      <SiteHeader />
      <OfflineNotice />
      <main id="main" tabindex="-1">
        {/* A page that throws while drawing shows what happened and the way home, never a blank screen. */}
        <ErrorBoundary fallback={(_, reset) => <LoadError message={t("error.page")} onRetry={reset} />}>
          <Suspense fallback={<p>{t("loading")}</p>}>{props.children}</Suspense>
        </ErrorBoundary>
      </main>
      <UpdatePrompt />
      <KioskMode />
      <FocusOnNavigate />
    </>
  );
}
