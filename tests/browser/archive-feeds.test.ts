// The changes page offers its Atom feed (a visible "Subscribe" link and <link rel="alternate"> in
// the head, with the page's filters and language), shows each change's level and the reason for
// it, filters by level, and the compare page says why the change got its level and shows the
// passages the later capture added marked inside that capture's frame: phone and desktop, English
// and French, axe without serious or critical violations, screenshots.
import { mkdirSync } from "node:fs";
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserApp, startBrowserApp, tabPerLanguage } from "./helpers/app";
import { getJson, waitForArchiveDemo } from "./helpers/archive-demo";
import { seriousViolations } from "./helpers/axe";
import { DESKTOP, PHONE } from "./helpers/browser";
import { shareOfColour } from "./helpers/png";
import { saveScreenshot } from "./helpers/screenshots";

interface Change {
  id: number;
  type: string;
  significance: string;
  significanceReason: string;
  snapshotId: number | null;
  previousSnapshotId: number | null;
}
const SHOTS = "/tmp/shots-feeds";
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;
const LANGS = [
  ["en", "en-CA", "Subscribe to these changes (Atom feed)", "Sentences or more"],
  ["fr", "fr-CA", "S’abonner à ces changements (fil Atom)", "Des phrases ou plus"],
] as const;

let app: BrowserApp;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBrowserApp({ demo: true, archiveDemo: true, serviceWorker: false });
  await waitForArchiveDemo(app);
});
afterAll(async () => {
  await app?.close();
});

/**
 * A language's phone test opens its tab, and its desktop test (the next) resizes it, loads its page
 * again and closes it when it ends; undoing the forced colours a test may have left, as a new
 * context would.
 */
const tabPerLanguageAndSize = () =>
  tabPerLanguage(() => app, { uses: SIZES.length, reuse: (tab) => tab.emulateMedia({ forcedColors: null }) });

describe("the changes page and its feed", () => {
  const tabAt = tabPerLanguageAndSize();
  for (const [lang, locale, subscribe, levelOption] of LANGS) {
    for (const [size, viewport] of SIZES) {
      it(`links its Atom feed and shows each change's level (${lang}, ${size})`, async () => {
        const feed = await getJson<{ changes: Change[]; total: number }>(
          app,
          `/api/changes?pageSize=20&lang=${lang}`,
        );
        const page = await tabAt(locale, viewport);
        await page.goto("/archive/changes");
        await page.locator("li.archive-change").first().waitFor();
        const reasons = await page.locator("[data-testid=change-reason]").allTextContents();
        expect(reasons).toEqual(feed.changes.map((c) => c.significanceReason));
        expect(await page.locator("[data-testid=change-level]").count()).toBe(feed.changes.length);

        const visible = page.getByRole("link", { name: subscribe });
        const href = await visible.getAttribute("href");
        expect(href).toBe(`/api/changes.atom?lang=${lang}`);
        const head = page.locator('head link[rel=alternate][type="application/atom+xml"]');
        expect(await head.count()).toBe(1);
        expect(new URL((await head.getAttribute("href"))!, app.baseUrl).pathname).toBe("/api/changes.atom");
        const atom = parseFeed(await (await fetch(`${app.baseUrl}${href}`)).text());
        expect(atom.language).toBe(lang);
        expect(atom.items.length).toBeGreaterThan(0);

        // Keyboard: choose a level, apply, and the feed link follows the filter. A phone folds the
        // filters under their summary: Enter on it unfolds them.
        if (size === "phone") {
          await page.locator(".archive-filters-fold summary").focus();
          await page.keyboard.press("Enter");
        }
        await page.getByLabel(lang === "en" ? "How much changed" : "Ampleur du changement").focus();
        await page.keyboard.press("Tab"); // away and back: the select is in the tab order
        await page.keyboard.press("Shift+Tab");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("changes-significance");
        await page.selectOption("#changes-significance", { label: levelOption });
        await page.locator("form.search-form button[type=submit]").click();
        await page.waitForURL("**/archive/changes?significance=moderate");
        const kept = await getJson<{ changes: Change[]; total: number }>(
          app,
          `/api/changes?pageSize=20&significance=moderate&lang=${lang}`,
        );
        await expect
          .poll(() => page.locator("[data-testid=change-reason]").allTextContents())
          .toEqual(kept.changes.map((c) => c.significanceReason));
        expect(await visible.getAttribute("href")).toBe(
          `/api/changes.atom?significance=moderate&lang=${lang}`,
        );
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/changes-${size}-${lang}.png`, fullPage: false });
        await page.goto("/archive");
        expect(await head.count()).toBe(0); // the feed belongs to the changes page only
      });
    }
  }
});

describe("the compare page", () => {
  const tabAt = tabPerLanguageAndSize();
  for (const [lang, locale] of LANGS) {
    for (const [size, viewport] of SIZES) {
      it(`says why the change got its level (${lang}, ${size})`, async () => {
        const feed = await getJson<{ changes: Change[] }>(
          app,
          `/api/changes?pageSize=100&type=updated&lang=${lang}`,
        );
        const change = feed.changes.find((c) => c.previousSnapshotId && c.snapshotId)!;
        const cmp = await getJson<{ significance: string; significanceReason: string }>(
          app,
          `/api/changes/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}&lang=${lang}`,
        );
        expect(cmp.significance).toBe(change.significance);
        const page = await tabAt(locale, viewport);
        await page.goto(`/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
        const level = page.locator("[data-testid=compare-level]");
        await level.waitFor();
        expect(await level.textContent()).toContain(cmp.significanceReason);

        // The two captures replayed beside the diff, from the replay origin, sandboxed.
        const [before, after] = await Promise.all(
          [change.previousSnapshotId, change.snapshotId].map((id) =>
            getJson<{ replayUrl: string; previousSnapshotId: number | null; nextSnapshotId: number | null }>(
              app,
              `/api/snapshot/${id}`,
            ),
          ),
        );
        const earlier = page.locator("[data-testid=frame-earlier] iframe");
        const later = page.locator("[data-testid=frame-later] iframe");
        await later.waitFor();
        expect(await earlier.getAttribute("src")).toBe(before.replayUrl);
        // The later one with the passages it added marked in the page, opened at the first.
        expect(await later.getAttribute("src")).toBe(
          `${after.replayUrl}&marks-since=${change.previousSnapshotId}#chc-change-1`,
        );
        expect(await later.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
        await later.scrollIntoViewIfNeeded();
        // The frame shows the archived page itself (a refused frame would show the browser's error).
        const firstAdded =
          (await page.locator("[data-testid=marked-passages] mark").first().textContent()) ?? "";
        expect(firstAdded.length).toBeGreaterThan(5);
        const replayed = page.frameLocator("[data-testid=frame-later] iframe");
        await expect
          .poll(async () => (await replayed.locator("body").textContent())?.replace(/\s+/g, " "), {
            timeout: 15_000,
          })
          .toContain(firstAdded.replace(/\s+/g, " "));
        // The passages the later capture added are listed and marked above the frames.
        const added = (
          await getJson<{ html: string }>(
            app,
            `/api/changes/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`,
          )
        ).html
          .split("\n")
          .filter((l) => l.startsWith("<ins>")).length;
        expect(await page.locator("[data-testid=marked-passages] mark").count()).toBe(Math.min(added, 12));
        // Previous and next change of the page: links only where there is one (the demo has two crawls).
        expect(await page.locator("[data-testid=previous-capture]").count()).toBe(
          before.previousSnapshotId ? 1 : 0,
        );
        expect(await page.locator("[data-testid=next-capture]").count()).toBe(after.nextSnapshotId ? 1 : 0);
        // Each capture's time as the page's language writes it ("14 h 15" in Canadian French), in
        // UTC and saying so, as the replay banner does.
        expect(await page.locator("[data-testid=frame-later] figcaption").textContent()).toMatch(
          lang === "fr" ? /\d{4}, \d{1,2} h \d{2} UTC$/ : /\d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/,
        );
        if (size === "desktop") {
          const [a, b] = await Promise.all([earlier.boundingBox(), later.boundingBox()]);
          expect(b!.x).toBeGreaterThan(a!.x + a!.width - 2);
          expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);
        } else {
          // One capture at a time: the later first, the earlier after one press of the toggle.
          expect(await earlier.isVisible()).toBe(false);
          expect(await later.isVisible()).toBe(true);
          const toggle = page.getByRole("button", {
            name: lang === "en" ? "Earlier capture" : "Capture précédente",
          });
          await toggle.focus();
          await page.keyboard.press("Enter");
          expect(await toggle.getAttribute("aria-pressed")).toBe("true");
          expect(await earlier.isVisible()).toBe(true);
          expect(await later.isVisible()).toBe(false);
        }
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/compare-${size}-${lang}.png`, fullPage: false });
        await page.locator(".archive-side-by-side h2").scrollIntoViewIfNeeded();
        await page
          .locator(".archive-side-by-side")
          .screenshot({ path: `${SHOTS}/side-by-side-${size}-${lang}.png` });
      });
    }
  }
});

describe("the passages the later capture added, marked inside it", () => {
  const tabAt = tabPerLanguageAndSize();
  /** Letters only: a passage spread over several elements loses the blanks between its marks. */
  const squeeze = (s: string) => s.replace(/\s+/g, "");
  for (const [lang, locale] of LANGS) {
    for (const [size, viewport] of SIZES) {
      it(`highlights them in the later frame, not the earlier, and each listed one opens its mark (${lang}, ${size})`, async () => {
        const feed = await getJson<{ changes: (Change & { addedLines: number })[] }>(
          app,
          `/api/changes?pageSize=100&type=updated&lang=${lang}`,
        );
        // A change with several added passages, so a list link can move the frame to another.
        const change = feed.changes
          .filter((c) => c.previousSnapshotId && c.snapshotId)
          .sort((a, b) => b.addedLines - a.addedLines)[0];
        expect(change.addedLines).toBeGreaterThan(1);
        const page = await tabAt(locale, viewport);
        await page.goto(`/archive/compare?from=${change.previousSnapshotId}&to=${change.snapshotId}`);
        const listed = page.locator("[data-testid=marked-passages] li");
        await listed.first().waitFor();
        const passages = await page.locator("[data-testid=marked-passages] mark").allTextContents();
        expect(passages.length).toBeGreaterThan(1);

        const frame = page.frameLocator("[data-testid=frame-later] iframe");
        const marks = frame.locator("mark.chc-change");
        await expect.poll(() => marks.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(passages.length);
        // Every listed passage is marked in the page, in order, and the first mark starts the first.
        const inFrame = squeeze((await marks.allTextContents()).join(""));
        let from = 0;
        for (const p of passages) {
          const at = inFrame.indexOf(squeeze(p), from);
          expect(at, p).toBeGreaterThanOrEqual(0);
          from = at + squeeze(p).length;
        }
        expect(
          squeeze(passages[0]).startsWith(
            squeeze((await frame.locator("#chc-change-1").textContent()) ?? "-"),
          ),
        ).toBe(true);
        // Visible: a strong background with dark text, and the frame opened on the first mark.
        const first = frame.locator("#chc-change-1");
        expect(await first.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 214, 10)");
        expect(await first.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 0, 0)");
        const inView = (id: string) =>
          frame.locator(`#${id}`).evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          });
        await expect.poll(() => inView("chc-change-1")).toBe(true);
        // What a reader sees: the frame's first screen shows the marks' yellow (retried while an
        // out-of-process frame is still being painted after the scroll).
        const laterFrame = page.locator("[data-testid=frame-later] iframe");
        await laterFrame.scrollIntoViewIfNeeded();
        await expect
          .poll(async () => shareOfColour(app.browser, await laterFrame.screenshot(), [255, 214, 10]), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0.05);
        await saveScreenshot(page, `archive-marks-${lang}-${size}`, { fullPage: false });

        // The last listed passage, chosen by keyboard from the list, is brought into the frame's view.
        const n = passages.length;
        const link = listed.nth(n - 1).getByRole("link");
        expect(await link.getAttribute("href")).toBe(
          `${await page
            .locator("[data-testid=frame-later] iframe")
            .getAttribute("src")
            .then((s) => s!.replace(/#.*$/, ""))}#chc-change-${n}`,
        );
        if (size === "phone") {
          // One capture at a time: the earlier shown first, the link brings the later back.
          await page
            .getByRole("button", { name: lang === "en" ? "Earlier capture" : "Capture précédente" })
            .click();
        }
        await link.focus();
        await page.keyboard.press("Enter");
        expect(await page.locator("[data-testid=frame-later] iframe").isVisible()).toBe(true);
        await expect.poll(() => inView(`chc-change-${n}`)).toBe(true);
        expect(await page.evaluate(() => location.pathname)).toBe("/archive/compare"); // the app page stayed

        // The earlier capture carries no marks.
        if (size === "phone")
          await page
            .getByRole("button", { name: lang === "en" ? "Earlier capture" : "Capture précédente" })
            .click();
        const earlier = page.frameLocator("[data-testid=frame-earlier] iframe");
        await expect.poll(() => earlier.locator("#chc-replay-banner").count(), { timeout: 20_000 }).toBe(1);
        expect(await earlier.locator("mark.chc-change").count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);

        // High contrast (forced colours): the marks take the system's highlight colours and keep a frame.
        await page.emulateMedia({ forcedColors: "active" });
        if (size === "phone")
          await page
            .getByRole("button", { name: lang === "en" ? "Later capture" : "Capture suivante" })
            .click();
        const forced = await first.evaluate((el) => {
          const s = getComputedStyle(el);
          return { adjust: s.forcedColorAdjust, outline: s.outlineStyle, bg: s.backgroundColor, fg: s.color };
        });
        expect(forced).toMatchObject({ adjust: "none", outline: "solid" });
        expect(forced.bg).not.toBe(forced.fg);
        expect(forced.bg).not.toBe("rgba(0, 0, 0, 0)");
      });
    }
  }
});
