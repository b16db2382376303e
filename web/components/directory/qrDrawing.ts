// A QR code as an SVG drawing: the text in byte mode as UTF-8, with medium error correction so a
// worn print or a glare still reads, drawn as one path of dark modules. Choosing the mask tries
// all eight patterns (tens of milliseconds, ×4 on a phone), so it runs in qrWorker.ts.
import qrcode from "qrcode-generator";

/** Modules of quiet zone around the code: readers need 4. */
const QUIET = 4;

export interface QrDrawing {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** The dark modules as one SVG path. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const qr = qrcode(0, "M");
  // qrcode-generator writes each character's low byte: hand it the UTF-8 bytes as characters.
  const bytes = new TextEncoder().encode(text);
  qr.addData(String.fromCharCode(...bytes), "Byte");
  qr.make();
  const n = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++)
      if (qr.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
  return { size: n + 2 * QUIET, path };
}
