/**
 * A PDF still loading when the time cap passes is given up for good: its loading task is destroyed
 * and no page of it is read afterwards. PDF.js itself is replaced here (a file slow enough to load
 * is hard to make small): the loading task's promise settles only after the cap.
 */
import { expect, it, vi } from "vitest";

const seen = vi.hoisted(() => ({ destroyed: 0, pagesRead: 0, loadMs: 0 }));
vi.mock("unpdf", () => ({
  getResolvedPDFJS: async () => ({
    getDocument: () => {
      const doc = {
        numPages: 3,
        getMetadata: async () => ({ info: {} }),
        getPage: async () => {
          seen.pagesRead++;
          return { getTextContent: async () => ({ items: [{ str: "x", hasEOL: true }] }), cleanup() {} };
        },
        destroy: async () => undefined,
      };
      return {
        promise: new Promise((resolve) => setTimeout(() => resolve(doc), seen.loadMs)),
        destroy: async () => {
          seen.destroyed++;
        },
      };
    },
  }),
}));

it("destroys a document still loading at the time cap and reads none of its pages afterwards", async () => {
  vi.useFakeTimers();
  try {
    // The unit run shares modules between files: load extract-pdf afresh, on the PDF.js above.
    vi.resetModules();
    const { extractPdf, PDF_TIMEOUT_MS } = await import("./extract-pdf.js");
    seen.loadMs = PDF_TIMEOUT_MS + 5_000;
    const answer = extractPdf(new Uint8Array(10), "https://example.org/guide.pdf");
    await vi.advanceTimersByTimeAsync(PDF_TIMEOUT_MS + 1);
    expect(await answer).toEqual({ skipped: `not read within ${PDF_TIMEOUT_MS / 1000} seconds` });
    await vi.advanceTimersByTimeAsync(10_000);
    // Before: the load went on, every page was read, and nothing was destroyed.
    expect(seen.destroyed).toBe(1);
    expect(seen.pagesRead).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
