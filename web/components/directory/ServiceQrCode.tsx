import qrcode from "qrcode-generator";
import { createMemo } from "solid-js";

/** Modules of quiet zone around the code: readers need 4. */
const QUIET = 4;

/**
 * A QR code drawn on this device (no network): the text in byte mode as UTF-8, with medium error
 * correction so a worn print or a glare still reads. Drawn as one SVG path of dark modules.
 */
export default function ServiceQrCode(props: { text: string; label: string }) {
  const code = createMemo(() => {
    const qr = qrcode(0, "M");
    // qrcode-generator writes each character's low byte: hand it the UTF-8 bytes as characters.
    const bytes = new TextEncoder().encode(props.text);
    qr.addData(String.fromCharCode(...bytes), "Byte");
    qr.make();
    const n = qr.getModuleCount();
    let path = "";
    for (let row = 0; row < n; row++)
      for (let col = 0; col < n; col++)
        if (qr.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    return { size: n + 2 * QUIET, path };
  });
  return (
    <svg
      class="qr-code"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${code().size} ${code().size}`}
      shape-rendering="crispEdges"
      data-testid="service-qr"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={code().path} fill="#000" />
    </svg>
  );
}
