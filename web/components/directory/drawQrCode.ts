// The page's side of qrWorker.ts: one worker, started on the first QR code, and one drawing per
// text (the service page and its print slip show the same code). Should the worker fail to start,
// the page draws the code itself.
import type { QrDrawing } from "./qrDrawing";

let worker: Worker | undefined;
let asks = 0;
const waiting = new Map<number, { text: string; resolve: (drawing: QrDrawing) => void }>();
const drawings = new Map<string, Promise<QrDrawing>>();

async function drawHere(text: string): Promise<QrDrawing> {
  return (await import("./qrDrawing")).qrDrawing(text);
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./qrWorker.ts", import.meta.url), { type: "module" });
  started.addEventListener("message", ({ data }: MessageEvent<{ ask: number; drawing: QrDrawing }>) => {
    waiting.get(data.ask)?.resolve(data.drawing);
    waiting.delete(data.ask);
  });
  started.addEventListener("error", () => {
    for (const { text, resolve } of waiting.values()) void drawHere(text).then(resolve);
    waiting.clear();
  });
  worker = started;
  return started;
}

export function drawQrCode(text: string): Promise<QrDrawing> {
  let drawing = drawings.get(text);
  if (!drawing) {
    const ask = ++asks;
    drawing = new Promise<QrDrawing>((resolve) => {
      waiting.set(ask, { text, resolve });
      theWorker().postMessage({ ask, text });
    });
    drawings.set(text, drawing);
  }
  return drawing;
}
