import { render } from "solid-js/web";
import App from "./App";
import { applyNextPageLanguage, loadLanguages } from "./i18n/i18n";
import { registerServiceWorker } from "./pwa/registerServiceWorker";
import { whenPageIdle } from "./pwa/whenPageIdle";
import { routes } from "./routes";
import { preloadRoute } from "./routes/preloadRoute";
import { appDrawnBy } from "./state/kioskHistory";
import "./styles.css";

// Drawn once the page's language is loaded (or could not be: then drawn anyway), while the page's
// own chunk loads. French is a chunk of its own, imported from here (see loadLanguages).
const root = document.getElementById("root")!;
let remove: (() => void) | undefined;
const draw = () => {
  remove ??= render(() => <App />, root);
};
preloadRoute(routes, location.pathname);
void loadLanguages(() => import("./i18n/fr").then((m) => m.fr))
  .catch(() => undefined)
  .then(draw);

// A kiosk reset that cannot load a fresh page takes the app down and draws it again, in the
// language the next visitor gets (kioskHistory.ts).
appDrawnBy({
  remove() {
    remove?.();
    remove = undefined;
    root.textContent = "";
  },
  async draw() {
    await applyNextPageLanguage().catch(() => undefined);
    draw();
  },
});

whenPageIdle(() => {
  void registerServiceWorker();
  // The directory copy for offline search: its own chunk, which runs the sync in a worker.
  void import("./data/device/backgroundSync").then((m) => m.startBackgroundSync());
});
