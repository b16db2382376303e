import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import solid from "vite-plugin-solid";

// The server serves dist/web/ (SPA fallback to index.html). The service worker is built from
// sw/sw.ts with injectManifest so its routing logic stays ours and unit-testable.
export default defineConfig({
  plugins: [
    solid(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false, // web/pwa/registerServiceWorker.ts registers it (no inline script: CSP)
      manifest: false, // public/manifest.webmanifest is ours
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,png,svg,webmanifest,woff2}"],
      },
      devOptions: { enabled: false },
    }),
  ],
  // The sync worker (web/data/device/syncWorker.ts) loads its parts as chunks: a module worker.
  worker: { format: "es" },
  build: {
    outDir: process.env.WEB_DIST_DIR ?? "dist/web",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080", "/metrics": "http://127.0.0.1:8080" } },
});
