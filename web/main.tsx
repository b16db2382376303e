import { render } from "solid-js/web";
import App from "./App";
import { registerServiceWorker } from "./pwa/registerServiceWorker";
import "./styles.css";

render(() => <App />, document.getElementById("root")!);

window.addEventListener("load", () => {
  void registerServiceWorker();
  // The directory copy for offline search; its own chunk, fetched after the page is usable.
  void import("./data/device/backgroundSync").then((m) => m.startBackgroundSync());
});
