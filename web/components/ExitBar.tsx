import { onCleanup, onMount, Show } from "solid-js";
import { t } from "../i18n/i18n";
import { kiosk } from "../state/kiosk";
import { quickExit, startOverNow } from "../state/quickExit";
import { shiftThreeTimes } from "../state/quickExitShortcut";
import KioskCrisisLines from "./KioskCrisisLines";

/**
 * The strip at the top of every page: "Exit this page" (also Shift three times), and on a kiosk
 * the crisis lines and "I'm done / Start over". It stays in view while the page scrolls, so each
 * is one tap away.
 */
export default function ExitBar() {
  const completesShortcut = shiftThreeTimes();
  const onKey = (event: KeyboardEvent) => {
    if (completesShortcut({ key: event.key, repeat: event.repeat, at: event.timeStamp })) quickExit();
  };
  onMount(() => window.addEventListener("keydown", onKey, true));
  onCleanup(() => window.removeEventListener("keydown", onKey, true));
  return (
    <div class="exit-bar">
      <Show when={kiosk()}>
        <KioskCrisisLines />
        <button type="button" class="start-over" onClick={startOverNow}>
          {t("kiosk.startOver")}
        </button>
      </Show>
      <button type="button" class="quick-exit" aria-describedby="quick-exit-hint" onClick={quickExit}>
        {t("exit.button")}
      </button>
      {/* Hidden: the button's description, read with it, not a line of its own outside any landmark. */}
      <span id="quick-exit-hint" hidden>
        {kiosk() ? t("exit.hint.kiosk") : t("exit.hint")}
      </span>
    </div>
  );
}
