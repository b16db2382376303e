// Draws QR codes off the page's thread (qrDrawing.ts): asked with {ask, text}, answers {ask, drawing}.
import { type QrDrawing, qrDrawing } from "./qrDrawing";

const scope = self as unknown as {
  postMessage(message: { ask: number; drawing: QrDrawing }): void;
  addEventListener(
    type: "message",
    listener: (event: MessageEvent<{ ask: number; text: string }>) => void,
  ): void;
};

scope.addEventListener("message", ({ data }) => {
  scope.postMessage({ ask: data.ask, drawing: qrDrawing(data.text) });
});
