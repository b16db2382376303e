import { render } from "solid-js/web";
import App from "./App";
import { registerServiceWorker } from "./pwa/registerServiceWorker";
import { whenPageIdle } from "./pwa/whenPageIdle";
import "./styles.css";

render(() => <App />, document.getElementById("root")!);

whenPageIdle(() => {
  void registerServiceWorker();
  // The directory copy for offline search: its own chunk, which runs the sync in a worker.
  void import("./data/device/backgroundSync").then((m) => m.startBackgroundSync());
});
