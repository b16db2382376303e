// The shell the server sends carries the operator's quick-exit address, whichever path asked for it
// (the start page, index.html as the service worker precaches it, or an app path's fallback).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../module.js";
import { mountWebApp, withSettings } from "./static.js";

const webRoot = mkdtempSync(path.join(tmpdir(), "chc-static-"));
const BUILT = `<!doctype html><html><head><meta name="quick-exit-url" content="https://www.google.ca" /></head><body></body></html>`;
writeFileSync(path.join(webRoot, "index.html"), BUILT);
writeFileSync(path.join(webRoot, "app.js"), "console.log(1)");
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe("the web app's shell", () => {
  const app = new Hono<AppEnv>();
  mountWebApp(app, webRoot, { quickExitUrl: "http://127.0.0.1:9/weather?city=a&b" });

  it("names the configured quick-exit address on every path that gets the shell", async () => {
    for (const url of ["/", "/index.html", "/index.html?__WB_REVISION__=abc", "/search?q=help"]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain(
        '<meta name="quick-exit-url" content="http://127.0.0.1:9/weather?city=a&amp;b" />',
      );
      expect(html, url).not.toContain("www.google.ca");
    }
    expect(await (await app.request("/app.js")).text()).toBe("console.log(1)");
  });

  it("escapes the address as an attribute and adds the tag to a shell built without it", () => {
    const html = withSettings("<html><head></head></html>", { quickExitUrl: 'https://x.ca/"><script>' });
    expect(html).toBe(
      '<html><head><meta name="quick-exit-url" content="https://x.ca/&quot;&gt;&lt;script&gt;" /></head></html>',
    );
  });
});
