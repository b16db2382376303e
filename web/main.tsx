import { render } from "solid-js/web";
import App from "./App";
import { languageReady } from "./i18n/i18n";
import { registerServiceWorker } from "./pwa/registerServiceWorker";
import { whenPageIdle } from "./pwa/whenPageIdle";
import { routes } from "./routes";
import { preloadRoute } from "./routes/preloadRoute";
import "./styles.css";

// Drawn once the page's language is loaded (or could not be: then drawn anyway); the page's own
// chunk loads meanwhile.
preloadRoute(routes, location.pathname);
void languageReady.catch(() => undefined).then(() => render(() => <App />, document.getElementById("root")!));

whenPageIdle(() => {
  void registerServiceWorker();
  // The directory copy for offline search: its own chunk, which runs the sync in a worker.
  void import("./data/device/backgroundSync").then((m) => m.startBackgroundSync());
});
