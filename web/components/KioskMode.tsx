import { useLocation, useNavigate } from "@solidjs/router";
import { createEffect, onCleanup, Show } from "solid-js";
import { kiosk, kioskLocked } from "../state/kiosk";
import { kioskRequestFromUrl, withoutKioskParam } from "../state/kioskFromUrl";
import { keepLinksInThisTab } from "../state/kioskLinks";
import { followSearchLinksWithoutWords } from "../state/kioskSearch";
import KioskIdleReset from "./KioskIdleReset";

/** Settings' kiosk section reads this hash to put focus on its form. */
export const KIOSK_FORM_HASH = "#kiosk";

/**
 * Kiosk mode's app-wide parts: a `?kiosk=` request leads to the Settings form (the PIN step), the
 * idle reset runs, any account signed in on the screen is signed out, text fields keep no
 * browser autofill history for the next person, links open in the tab the visitor is using, and
 * links to a search keep its words out of the address (kioskSearch.ts).
 */
export default function KioskMode() {
  const location = useLocation();
  const navigate = useNavigate();

  createEffect(() => {
    const request = kioskRequestFromUrl(location.search);
    if (request === null) return;
    const needsStaff = request === "on" ? !kioskLocked() : kiosk();
    const target = needsStaff
      ? `/settings${KIOSK_FORM_HASH}`
      : withoutKioskParam(location.pathname, location.search, location.hash);
    navigate(target, { replace: true });
  });

  createEffect(() => {
    if (!kiosk()) return;
    // A session left from before kiosk mode, or kept while the server was out of reach, ends here.
    const endSession = () => void import("../data/partner/kioskSignOut").then((m) => m.endAnySession());
    const noAutofillHistory = (event: FocusEvent) => {
      const field = event.target;
      if (field instanceof HTMLInputElement && !field.hasAttribute("autocomplete")) {
        field.autocomplete = "off";
      }
    };
    endSession();
    window.addEventListener("online", endSession);
    document.addEventListener("focusin", noAutofillHistory, true);
    onCleanup(followSearchLinksWithoutWords(navigate));
    const letLinksOpenElsewhere = keepLinksInThisTab();
    onCleanup(() => {
      letLinksOpenElsewhere();
      window.removeEventListener("online", endSession);
      document.removeEventListener("focusin", noAutofillHistory, true);
    });
  });

  return (
    <Show when={kiosk()}>
      <KioskIdleReset />
    </Show>
  );
}
