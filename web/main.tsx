import { render } from "solid-js/web";
import App from "./App";
import { loadLanguages } from "./i18n/i18n";
import { registerServiceWorker } from "./pwa/registerServiceWorker";
import { whenPageIdle } from "./pwa/whenPageIdle";
import { routes } from "./routes";
import { preloadRoute } from "./routes/preloadRoute";
import "./styles.css";

// Drawn once the page's language is loaded (or could not be: then drawn anyway), while the page's
// own chunk loads. French is a chunk of its own, imported from here (see loadLanguages).
preloadRoute(routes, location.pathname);
void loadLanguages(() => import("./i18n/fr").then((m) => m.fr))
  .catch(() => undefined)
  .then(() => render(() => <App />, document.getElementById("root")!));

whenPageIdle(() => {
  void registerServiceWorker();
  // The directory copy for offline search: its own chunk, which runs the sync in a worker.
  void import("./data/device/backgroundSync").then((m) => m.startBackgroundSync());
});
