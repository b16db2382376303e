// PNG facts for browser tests: a file's size from its header, and how much of a screenshot shows
// a colour (decoded by Chromium itself, in a blank page of its own, so no decoder is needed here).
import type { Browser } from "playwright-core";

/** Reads width and height from a PNG's IHDR chunk; throws if the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error("not a PNG file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunkType !== "IHDR") throw new Error("PNG without IHDR first");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The share (0 to 1) of a PNG's pixels within `tolerance` of the colour `rgb` on each channel. */
export async function shareOfColour(
  browser: Browser,
  png: Uint8Array,
  rgb: [number, number, number],
  tolerance = 6,
): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(
      async ({ b64, rgb, tolerance }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const g = canvas.getContext("2d") as CanvasRenderingContext2D;
        g.drawImage(img, 0, 0);
        const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
        let hits = 0;
        for (let i = 0; i < data.length; i += 4)
          if (rgb.every((c, k) => Math.abs(data[i + k] - c) <= tolerance)) hits++;
        return hits / (data.length / 4);
      },
      { b64: Buffer.from(png).toString("base64"), rgb, tolerance },
    );
  } finally {
    await context.close();
  }
}
