/**
 * The search timings bench/web.ts takes inside Chromium, through the app's Search page (never its
 * modules), so the same bench measures any version of the app: a search on a freshly opened page,
 * on a page already open, and typing. Also the CPU slowdown that plays a mid-range phone.
 */
import type { Page } from "playwright-core";

/** Slows the page's main thread as a mid-range phone would (1 = this machine). */
export async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * Put on every document of a bench context before the app's own scripts: `__waitForResults(q, t0,
 * timeoutMs)` resolves once the search page shows the device's results for `q`, with the time from
 * `t0` (performance.now()), or null after the timeout; a document opened with "bench.deepLink" in
 * sessionStorage starts watching at once, for the time from navigation start to results drawn.
 */
export const RESULTS_WAITER = `
globalThis.__name = (f) => f;
window.__waitForResults = (q, t0, timeoutMs = 20000) => new Promise((resolve) => {
  const done = () => {
    const section = document.querySelector("section[aria-busy]");
    const heading = document.querySelector("[data-testid=results-heading]");
    return section?.getAttribute("aria-busy") === "false" &&
      Boolean(heading?.textContent?.includes("\\u201c" + q + "\\u201d")) &&
      document.querySelector("[data-testid=from-device]") !== null;
  };
  if (document.body && done()) return resolve(performance.now() - t0);
  const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, timeoutMs);
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(performance.now() - t0);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
});
const deepLink = sessionStorage.getItem("bench.deepLink");
if (deepLink !== null) {
  sessionStorage.removeItem("bench.deepLink");
  window.__deepLinkShown = window.__waitForResults(deepLink, 0);
}
`;

export type Waiting = {
  __waitForResults: (q: string, t0: number, timeoutMs?: number) => Promise<number | null>;
};

/** Submits the search box and times submit → the device's results drawn. */
export async function submitSearch(page: Page, q: string): Promise<number> {
  const ms = await page.evaluate((q) => {
    const input = document.getElementById("directory-q") as HTMLInputElement;
    input.value = q;
    const t0 = performance.now();
    const shown = (window as never as Waiting).__waitForResults(q, t0);
    (input.form as HTMLFormElement).requestSubmit();
    return shown;
  }, q);
  if (ms === null) throw new Error(`no results shown for ${q}`);
  return ms;
}

/** Opens /search in a new document (the app starts from nothing in memory) and searches at once. */
export async function coldSearch(page: Page, q: string): Promise<{ submit: number; deepLink: number }> {
  await page.goto("/search");
  await page.locator("#directory-q").waitFor();
  const submit = await submitSearch(page, q);
  // Navigation start → results drawn: the whole cold open of a shared search link.
  await page.evaluate((q) => sessionStorage.setItem("bench.deepLink", q), q);
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  const deepLink = await page.evaluate(
    () => (window as never as { __deepLinkShown: Promise<number | null> }).__deepLinkShown,
  );
  if (deepLink === null) throw new Error(`no results shown for ${q} (deep link)`);
  return { submit, deepLink };
}

/**
 * Types `q` into the search box one key at a time (`gapMs` apart, as a quick typist) and times the
 * last keystroke → its results drawn; null when the page only searches on submit.
 */
export async function typeSearch(
  page: Page,
  q: string,
  gapMs: number,
  timeoutMs = 20_000,
): Promise<number | null> {
  return page.evaluate(
    async ({ q, gapMs, timeoutMs }) => {
      const input = document.getElementById("directory-q") as HTMLInputElement;
      const wait = (window as never as Waiting).__waitForResults;
      input.value = "";
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
      for (let i = 1; i < q.length; i++) {
        input.value = q.slice(0, i);
        input.dispatchEvent(
          new InputEvent("input", { bubbles: true, inputType: "insertText", data: q[i - 1] }),
        );
        await new Promise((r) => setTimeout(r, gapMs));
      }
      input.value = q;
      const t0 = performance.now();
      const shown = wait(q, t0, timeoutMs);
      input.dispatchEvent(
        new InputEvent("input", { bubbles: true, inputType: "insertText", data: q.at(-1) }),
      );
      return shown;
    },
    { q, gapMs, timeoutMs },
  );
}
