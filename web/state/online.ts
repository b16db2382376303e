import { createSignal } from "solid-js";

// Tracks navigator.onLine so components can show the offline notice.
const [online, setOnline] = createSignal(typeof navigator === "undefined" ? true : navigator.onLine);
if (typeof window !== "undefined") {
  window.addEventListener("online", () => setOnline(true));
  window.addEventListener("offline", () => setOnline(false));
}

export { online };
