import { createSignal, onCleanup, onMount } from "solid-js";
import { kioskSettings } from "../state/kiosk";
import { startOver } from "../state/kioskReset";
import { isTypingInto } from "../state/kioskTyping";
import KioskWarning from "./KioskWarning";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "input"] as const;
/**
 * How many quiet periods a filled, focused text field may hold the warning off. Someone pausing
 * mid-sentence is not interrupted, but a half-typed search left behind does not stay on screen
 * for ever: after these, the warning shows (and any key or touch dismisses it).
 */
const TYPING_HOLDS = 2;

/** Mounted in kiosk mode only: after the quiet time, warns "Still there?", then starts over. */
export default function KioskIdleReset() {
  const { idleSeconds, warningSeconds } = kioskSettings();
  const quietMs = (idleSeconds - warningSeconds) * 1000;
  const [secondsLeft, setSecondsLeft] = createSignal<number | null>(null);
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let holds = 0;

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
    if (holds < TYPING_HOLDS && isTypingInto(document.activeElement)) {
      holds += 1;
      quietTimer = setTimeout(onQuiet, quietMs);
      return;
    }
    setSecondsLeft(warningSeconds);
    tickTimer = setInterval(countDown, 1000);
  };
  const arm = () => {
    clearTimeout(quietTimer);
    holds = 0;
    quietTimer = setTimeout(onQuiet, quietMs);
  };
  const onActivity = (event: Event) => {
    if (secondsLeft() !== null) {
      if (event.type === "keydown") event.preventDefault(); // the key only dismisses the warning
      stopCountdown();
    }
    arm();
  };

  onMount(() => {
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
