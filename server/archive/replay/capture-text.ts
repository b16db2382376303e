/**
 * A captured page or stylesheet as text, decoded the way a browser decodes it: by the charset of
 * its Content-Type header, else by a `<meta charset>` (or `http-equiv` Content-Type) in its first
 * 1,024 bytes, else as UTF-8. Older Canadian government pages are often ISO-8859-1 or
 * windows-1252: read as UTF-8, every accented letter became "�", in search, replay, changes and
 * the offline editions alike.
 * A label is read as browsers read it (the WHATWG Encoding Standard: "iso-8859-1" names
 * windows-1252) through TextDecoder, and the bytes decoded by iconv-lite: Node's own windows-1252
 * decoder reads 0x80–0x9F as control characters, where pages put ’ “ ” œ Œ € and dashes.
 * Text rewritten from such a page is sent or stored as UTF-8, so its own declaration must say so
 * (`declareUtf8`): a `<meta charset="iso-8859-1">` left in place would mislead a reader that goes
 * by it (a ZIM reader has no HTTP header to override it).
 */
import { TextDecoder } from "node:util";
import iconv from "iconv-lite";

const PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;
const HEADER_CHARSET = /;\s*charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The encoding a browser uses for a charset label, or null for a label no browser knows. */
function encodingOf(label: string | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null; // read as UTF-8, as a browser would
  }
}

function decode(body: Uint8Array, encoding: string): string {
  if (encoding !== "utf-8" && iconv.encodingExists(encoding))
    return iconv.decode(Buffer.from(body), encoding);
  return new TextDecoder(encoding).decode(body);
}

/** The body's text, by the charset its header or its own markup declares (UTF-8 otherwise). */
export function captureText(body: Uint8Array, contentType: string | null | undefined): string {
  let encoding = encodingOf(HEADER_CHARSET.exec(contentType ?? "")?.[1]);
  if (!encoding && /html/i.test(contentType ?? "")) {
    const head = Buffer.from(body.subarray(0, PRESCAN_BYTES)).toString("latin1");
    encoding = encodingOf(META_CHARSET.exec(head)?.[1]);
  }
  return decode(body, encoding ?? "utf-8");
}

/** A Content-Type for text now encoded as UTF-8: its charset parameter replaced. */
export function utf8ContentType(contentType: string): string {
  return `${contentType.replace(/;\s*charset\s*=[^;]*/gi, "").trim()}; charset=utf-8`;
}

/** HTML whose charset declarations all say UTF-8, for text decoded by captureText and re-encoded. */
export function declareUtf8(html: string): string {
  return html.replace(
    /(<meta\b[^>]*?\bcharset\s*=\s*["']?\s*)[\w.:-]+/gi,
    (_whole, before: string) => `${before}utf-8`,
  );
}
