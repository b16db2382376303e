import { createEffect, createRoot, createSignal } from "solid-js";
import { kioskFromUrl } from "./kioskFromUrl";

// Kiosk mode for shared screens (clinic lobbies, libraries): larger type and targets, and the app
// returns to Home after a quiet spell so the next person does not see the last one's search.
export const KIOSK_STORAGE_KEY = "chc.kiosk";
export const KIOSK_IDLE_MS = 120_000;
export const KIOSK_RESET_EVENT = "chc:kiosk-reset";

function readStored(): string | null {
  try {
    return localStorage.getItem(KIOSK_STORAGE_KEY);
  } catch {
    return null;
  }
}

const [kiosk, setKioskSignal] = createSignal(kioskFromUrl(window.location.search, readStored()));

export function setKiosk(on: boolean): void {
  setKioskSignal(on);
  try {
    localStorage.setItem(KIOSK_STORAGE_KEY, on ? "1" : "0");
  } catch {
    // applies for this visit only
  }
}

setKiosk(kiosk()); // keep a ?kiosk= choice for later visits

createRoot(() => {
  createEffect(() => document.documentElement.classList.toggle("kiosk", kiosk()));
});

export { kiosk };
