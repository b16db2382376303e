// The page's side of qrWorker.ts: one worker, started on the first QR code, and one drawing per
// text (the service page and its print slip show the same code). Should the worker fail to start,
// the page draws the code itself.
import { workerQuestions } from "../../data/device/workerQuestions";
import type { QrDrawing } from "./qrDrawing";

let worker: Worker | undefined;
const questions = workerQuestions<QrDrawing>();
const drawings = new Map<string, Promise<QrDrawing>>();

async function drawHere(text: string): Promise<QrDrawing> {
  return (await import("./qrDrawing")).qrDrawing(text);
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./qrWorker.ts", import.meta.url), { type: "module" });
  started.addEventListener("message", ({ data }: MessageEvent<{ ask: number; drawing: QrDrawing }>) =>
    questions.answer(data.ask, data.drawing),
  );
  started.addEventListener("error", () => questions.abandon());
  worker = started;
  return started;
}

export function drawQrCode(text: string): Promise<QrDrawing> {
  let drawing = drawings.get(text);
  if (!drawing) {
    drawing = questions.ask(
      (ask) => theWorker().postMessage({ ask, text }),
      () => drawHere(text),
    );
    drawings.set(text, drawing);
  }
  return drawing;
}
