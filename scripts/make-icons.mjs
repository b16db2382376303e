// Draws the app icons (a white cross on a teal disc; a full-bleed square for the maskable one)
// and writes them as PNG files into public/icons/, plus the 48×48 illustration every ZIM file
// must carry (server/archive/offline/). Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const TEAL = [11, 85, 99, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    for (let x = 0; x < size; x++) raw.set(pixel((x + 0.5) / size, (y + 0.5) / size), row + 1 + x * 4);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
/** A plus sign centred on (0.5, 0.5); arm half-length `reach`, half-thickness `half`. */
function inCross(u, v, reach, half) {
  const dx = Math.abs(u - 0.5);
  const dy = Math.abs(v - 0.5);
  return (dx <= half && dy <= reach) || (dy <= half && dx <= reach);
}
const disc = (u, v) => {
  if (Math.hypot(u - 0.5, v - 0.5) > 0.48) return CLEAR;
  return inCross(u, v, 0.28, 0.09) ? WHITE : TEAL;
};
// Maskable icons may be cropped to a circle of radius 0.4: keep the cross well inside it.
const maskable = (u, v) => (inCross(u, v, 0.22, 0.07) ? WHITE : TEAL);

mkdirSync("public/icons", { recursive: true });
writeFileSync("public/icons/icon-192.png", png(192, disc));
writeFileSync("public/icons/icon-512.png", png(512, disc));
writeFileSync("public/icons/maskable-512.png", png(512, maskable));
writeFileSync("public/icons/apple-touch-icon-180.png", png(180, maskable));
writeFileSync("server/archive/offline/zim-illustration-48.png", png(48, disc));
console.log("icons written to public/icons/");
