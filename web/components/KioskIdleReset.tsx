import { createSignal, onCleanup, onMount } from "solid-js";
import { kioskSettings, readStored } from "../state/kiosk";
import { shareActivity, USE_EVENTS } from "../state/kioskActivity";
import { startOver } from "../state/kioskReset";
import KioskWarning from "./KioskWarning";

/**
 * What counts as use. Typing is (keydown, input); a search box left filled is not: the warning
 * comes at the time staff set after the last key, and any key or touch dismisses it with the
 * text kept, so someone pausing to think loses nothing.
 */

/**
 * When someone last used this kiosk (epoch ms), kept across restarts: a browser restarted after a
 * power cut or a crash reopens the last visit (its pages, history and storage) with no idle timer
 * running through the time it was down. A start past the quiet time starts over first. The reset
 * removes the key with the rest of the visit, so the fresh start page does not start over again.
 */
const LAST_USE_KEY = "chc.kiosk.lastUse";
const LAST_USE_EVERY_MS = 5_000;

function lastUse(): number | null {
  const value = Number(readStored(LAST_USE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function markUse(now: number): void {
  try {
    localStorage.setItem(LAST_USE_KEY, String(now));
  } catch {
    // storage blocked: the idle timer still runs while the page is open
  }
}

/**
 * Mounted in kiosk mode only: after the quiet time, warns "Still there?", then starts over. Use in
 * any of the kiosk's tabs counts (kioskActivity.ts): each tab times from the last use in any of
 * them, so the tab the visitor is in warns first and none starts over while another is in use.
 */
export default function KioskIdleReset() {
  const { idleSeconds, warningSeconds } = kioskSettings();
  const quietMs = (idleSeconds - warningSeconds) * 1000;
  const [secondsLeft, setSecondsLeft] = createSignal<number | null>(null);
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  /** The last use of the kiosk (epoch ms), in this tab or another. */
  let lastUsed = Date.now();
  let markedAt = 0;

  const stopCountdown = () => {
    clearInterval(tickTimer);
    setSecondsLeft(null);
  };
  const countDown = () => {
    const left = (secondsLeft() ?? 1) - 1;
    if (left > 0) return setSecondsLeft(left);
    clearInterval(tickTimer);
    void startOver();
  };
  const onQuiet = () => {
    setSecondsLeft(warningSeconds);
    tickTimer = setInterval(countDown, 1000);
  };
  /** Someone used the kiosk at `at`: any warning closes, and the quiet time runs from then. */
  const used = (at: number) => {
    lastUsed = Math.max(lastUsed, at);
    if (secondsLeft() !== null) stopCountdown();
    clearTimeout(quietTimer);
    quietTimer = setTimeout(onQuiet, Math.max(0, lastUsed + quietMs - Date.now()));
  };
  const otherTabs = shareActivity((at) => {
    if (at > lastUsed) used(at); // an older time than this tab's own is no news
  });
  const usedHere = () => {
    const now = Date.now();
    used(now);
    otherTabs.tell(now);
    if (now - markedAt > LAST_USE_EVERY_MS) {
      markedAt = now;
      markUse(now);
    }
  };
  const onActivity = (event: Event) => {
    // The key only dismisses the warning.
    if (secondsLeft() !== null && event.type === "keydown") event.preventDefault();
    usedHere();
  };

  onMount(() => {
    const last = lastUse();
    if (last !== null && Date.now() - last > idleSeconds * 1000) {
      void startOver();
      return;
    }
    markedAt = Date.now();
    markUse(markedAt);
    used(markedAt);
    // Only keydown may be cancelled (see onActivity); the others stay passive so scrolling stays smooth.
    for (const type of USE_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: type !== "keydown" });
    }
  });
  onCleanup(() => {
    clearTimeout(quietTimer);
    clearInterval(tickTimer);
    otherTabs.close();
    for (const type of USE_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  });
  return <KioskWarning secondsLeft={secondsLeft()} onStay={usedHere} />;
}
