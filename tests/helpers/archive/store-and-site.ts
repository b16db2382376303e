/** Test helpers for the archive: a real store over a temp folder, and a local site with a request log. */
import { rmSync } from "node:fs";
import { archiveModule } from "../../../server/archive/index.js";
import { createStore } from "../../../server/db/store.js";
import type { Store } from "../../../server/db/types.js";
import { scratchDir } from "../scratch-dir.js";

export async function openArchiveStore(): Promise<{
  store: Store;
  dataDir: string;
  cleanup(): Promise<void>;
}> {
  const dataDir = scratchDir("chc-archive-");
  const store = await createStore({ dataDir, name: "archive", migrations: archiveModule.migrations });
  return {
    store,
    dataDir,
    async cleanup() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small site: pages linking in scope, out of scope (another origin), non-http and robots-disallowed. */
export function smallSite(outsideOrigin: string, pages = 12): Map<string, { type: string; body: string }> {
  const files = new Map<string, { type: string; body: string }>();
  const html = (title: string, body: string, lang = "en") => ({
    type: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="${lang}"><head><title>${title}</title><link rel="stylesheet" href="/site/style.css"></head><body><main>${body}</main></body></html>`,
  });
  const links = Array.from(
    { length: pages },
    (_, i) => `<a href="/site/p${i}.html#section">Page ${i}</a>`,
  ).join(" ");
  files.set(
    "/site/",
    html(
      "Home",
      `<h1>Public health home</h1><p>Vaccination clinics and outbreak notices.</p>${links}
       <a href="${outsideOrigin}/elsewhere.html">outside</a> <a href="/other-section/x.html">other prefix</a>
       <a href="mailto:a@b.example">mail</a> <a href="javascript:alert(1)">js</a> <a href="ftp://127.0.0.1/f">ftp</a>
       <a href="/site/private/secret.html">secret</a> <img src="/site/logo.svg" alt="logo">`,
    ),
  );
  for (let i = 0; i < pages; i++) {
    files.set(
      `/site/p${i}.html`,
      html(
        `Page ${i}`,
        `<p>Topic ${i}: hand washing, influenza and measles guidance.</p><a href="/site/">home</a> <a href="/site/p${(i + 1) % pages}.html">next</a>`,
      ),
    );
  }
  files.set("/site/style.css", { type: "text/css", body: "body{background:url(/site/bg.svg)}" });
  files.set("/site/bg.svg", { type: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  files.set("/site/logo.svg", { type: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  files.set("/site/private/secret.html", html("Secret", "<p>not for robots</p>"));
  files.set("/other-section/x.html", html("Other", "<p>outside the seed path</p>"));
  files.set("/robots.txt", { type: "text/plain", body: "User-agent: *\nDisallow: /site/private/\n" });
  return files;
}

/** A temporary folder, removed after the test file (scratch-dir.ts). */
export const tmpDir = scratchDir;
