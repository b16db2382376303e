import { useLocation, useNavigate } from "@solidjs/router";
import { createEffect, onCleanup } from "solid-js";
import { KIOSK_IDLE_MS, KIOSK_RESET_EVENT, kiosk } from "../state/kiosk";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "input"] as const;

/** In kiosk mode, returns to a fresh Home page after two minutes without any input. */
export default function KioskIdleReset() {
  const navigate = useNavigate();
  const location = useLocation();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const reset = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement) active.blur();
    if (location.pathname !== "/" || location.search !== "") navigate("/", { replace: true });
    window.scrollTo(0, 0);
    window.dispatchEvent(new Event(KIOSK_RESET_EVENT)); // forms clear what the last person typed
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(reset, KIOSK_IDLE_MS);
  };

  createEffect(() => {
    if (!kiosk()) return clearTimeout(timer);
    arm();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, arm, { passive: true });
    onCleanup(() => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, arm);
    });
  });
  return null;
}
