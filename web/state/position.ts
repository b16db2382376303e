// The reader's position for "near me" searches. Asked only when they tick the box, kept in memory
// for this visit only: a location is personal, so it is never stored or put in the address bar.
import { forgetOnResetInPlace } from "./kioskHistory";

export interface Position {
  lat: number;
  lng: number;
}

let known: Position | undefined;
// A kiosk that starts over without loading a page forgets it too (kioskHistory.ts).
forgetOnResetInPlace(() => {
  known = undefined;
});

export function locate(timeoutMs = 10_000): Promise<Position> {
  if (known) return Promise.resolve(known);
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) return reject(new Error("geolocation unavailable"));
    navigator.geolocation.getCurrentPosition(
      (p) => {
        known = { lat: p.coords.latitude, lng: p.coords.longitude };
        resolve(known);
      },
      (error) => reject(new Error(error.message || "position unavailable")),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
    );
  });
}
