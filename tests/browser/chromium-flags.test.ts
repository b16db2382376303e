// The browsers the tests launch (helpers/browser.ts), read back from the running processes: the
// pages' browser is Debian's headless shell; in the full Chromium the address bar's popup pages are
// not built for each new window, and our --disable-features, which replaces playwright-core's,
// still turns off everything playwright-core's did.
import { spawnSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import type { Browser, CDPSession } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH, workerChromium, workerFullChromium } from "./helpers/browser";

const ROOT = path.resolve(import.meta.dirname, "../..");
let browser: Browser;
let cdp: CDPSession;

beforeAll(async () => {
  browser = await workerFullChromium();
  cdp = await browser.newBrowserCDPSession();
});

afterAll(async () => {
  await cdp.detach().catch(() => undefined);
});

describe("the browser tests' Chromium", () => {
  it("opens a page without building the address bar's popup pages", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent("<h1>Hello</h1>");
      const { targetInfos } = await cdp.send("Target.getTargets");
      const popups = targetInfos.filter((t) => t.url.startsWith("chrome://omnibox-popup"));
      expect(popups.map((t) => t.url)).toEqual([]);
      expect(targetInfos.some((t) => t.type === "page" && t.url === "about:blank")).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("keeps every feature playwright-core turns off in the --disable-features that wins", async () => {
    const { processInfo } = await cdp.send("SystemInfo.getProcessInfo");
    const browserProcess = processInfo.find((p) => p.type === "browser");
    expect(browserProcess).toBeDefined();
    const args = readFileSync(`/proc/${browserProcess?.id}/cmdline`, "utf8").split("\0");
    const lists = args
      .filter((a) => a.startsWith("--disable-features="))
      .map((a) => a.slice("--disable-features=".length).split(","));
    // playwright-core's own list first, then ours; Chromium applies only the last.
    expect(lists.length).toBe(2);
    const [playwrights, effective] = lists as [string[], string[]];
    expect(playwrights.filter((f) => !effective.includes(f))).toEqual([]);
    expect(effective).toEqual(expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
  });

  it("limits V8 to its baseline tier in the test run's pages, which the benches do not", async () => {
    const shell = await workerChromium();
    const shellCdp = await shell.newBrowserCDPSession();
    try {
      const { processInfo } = await shellCdp.send("SystemInfo.getProcessInfo");
      const pid = processInfo.find((p) => p.type === "browser")?.id;
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      expect(args).toContain("--js-flags=--max-opt=1");
    } finally {
      await shellCdp.detach().catch(() => undefined);
    }
    // A bench's process (no VITEST in its environment) builds the list without it.
    const outside = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        "import('./tests/browser/helpers/browser.ts').then((m) => console.log(JSON.stringify(m.CHROMIUM_ARGS)))",
      ],
      { cwd: ROOT, env: { ...process.env, VITEST: "" }, encoding: "utf8" },
    );
    expect(outside.status, outside.stderr).toBe(0);
    const benchArgs = JSON.parse(outside.stdout) as string[];
    expect(benchArgs).toContain("--disable-gpu");
    expect(benchArgs.filter((a) => a.startsWith("--js-flags"))).toEqual([]);
  });

  it("runs the tests' pages in Debian's headless shell, and the full browser beside it", async () => {
    const shell = await workerChromium();
    const shellCdp = await shell.newBrowserCDPSession();
    try {
      const executableOf = async (session: CDPSession) => {
        const { processInfo } = await session.send("SystemInfo.getProcessInfo");
        const pid = processInfo.find((p) => p.type === "browser")?.id;
        return readlinkSync(`/proc/${pid}/exe`);
      };
      // Debian's /usr/bin entries are scripts that start the binaries under /usr/lib/chromium.
      expect(path.basename(await executableOf(shellCdp))).toBe(path.basename(HEADLESS_SHELL_PATH));
      expect(path.basename(await executableOf(cdp))).toBe(path.basename(CHROMIUM_PATH));
      expect(shell.version()).toBe(browser.version());
    } finally {
      await shellCdp.detach().catch(() => undefined);
    }
  });
});
