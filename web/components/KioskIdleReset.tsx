import { createSignal, onCleanup, onMount } from "solid-js";
import { kioskSettings, readStored } from "../state/kiosk";
import { startOver } from "../state/kioskReset";
import KioskWarning from "./KioskWarning";

/**
 * What counts as use. Typing is (keydown, input); a search box left filled is not: the warning
 * comes at the time staff set after the last key, and any key or touch dismisses it with the
 * text kept, so someone pausing to think loses nothing.
 */
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "input"] as const;

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

/** Mounted in kiosk mode only: after the quiet time, warns "Still there?", then starts over. */
export default function KioskIdleReset() {
  const { idleSeconds, warningSeconds } = kioskSettings();
  const quietMs = (idleSeconds - warningSeconds) * 1000;
  const [secondsLeft, setSecondsLeft] = createSignal<number | null>(null);
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
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
  const arm = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(onQuiet, quietMs);
  };
  const onActivity = (event: Event) => {
    if (event.timeStamp - markedAt > LAST_USE_EVERY_MS || markedAt === 0) {
      markedAt = event.timeStamp || 1;
      markUse(Date.now());
    }
    if (secondsLeft() !== null) {
      if (event.type === "keydown") event.preventDefault(); // the key only dismisses the warning
      stopCountdown();
    }
    arm();
  };

  onMount(() => {
    const last = lastUse();
    if (last !== null && Date.now() - last > idleSeconds * 1000) {
      void startOver();
      return;
    }
    markUse(Date.now());
    arm();
    // Only keydown may be cancelled (see onActivity); the others stay passive so scrolling stays smooth.
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: type !== "keydown" });
    }
  });
  onCleanup(() => {
    clearTimeout(quietTimer);
    clearInterval(tickTimer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  });
  return (
    <KioskWarning
      secondsLeft={secondsLeft()}
      onStay={() => {
        stopCountdown();
        arm();
      }}
    />
  );
}
