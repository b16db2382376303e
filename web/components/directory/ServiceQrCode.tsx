import { createEffect, createSignal, Show } from "solid-js";
import { drawQrCode } from "./drawQrCode";
import type { QrDrawing } from "./qrDrawing";

/**
 * A QR code made on this device (no network), drawn by a worker (drawQrCode.ts) so the service
 * page paints and answers taps without waiting for it; it appears a moment after the page.
 */
export default function ServiceQrCode(props: { text: string; label: string }) {
  const [code, setCode] = createSignal<QrDrawing>();
  createEffect(() => {
    const text = props.text;
    void drawQrCode(text).then((drawing) => {
      if (props.text === text) setCode(drawing);
    });
  });
  return (
    <Show when={code()}>
      {(drawn) => (
        <svg
          class="qr-code"
          role="img"
          aria-label={props.label}
          viewBox={`0 0 ${drawn().size} ${drawn().size}`}
          shape-rendering="crispEdges"
          data-testid="service-qr"
        >
          <rect width="100%" height="100%" fill="#fff" />
          <path d={drawn().path} fill="#000" />
        </svg>
      )}
    </Show>
  );
}
