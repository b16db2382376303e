/**
 * Reads a captured PDF (guidance documents often are) with unpdf's build of PDF.js: its title
 * (the document information's Title, else its first line of text, else the file name), language
 * and text, for the indexer. Bounded per document: a PDF over MAX_PDF_BYTES is not opened, only
 * the first MAX_PDF_PAGES pages and MAX_PDF_CHARS characters are read, and a document still being
 * read after PDF_TIMEOUT_MS is given up: its loading task is destroyed and the page loop stops, so
 * it costs nothing more once the indexer has moved on. A malformed or password-protected PDF is
 * answered with the reason it was skipped, never thrown.
 */
import { getResolvedPDFJS } from "unpdf";

export const PDF_TYPES = new Set(["application/pdf", "application/x-pdf"]);
export const MAX_PDF_BYTES = 30 * 1024 * 1024;
export const MAX_PDF_PAGES = 200;
export const MAX_PDF_CHARS = 500_000;
export const PDF_TIMEOUT_MS = 20_000;

export type PdfText = { title: string; lang: string | null; text: string } | { skipped: string };

/** The last segment of the URL's path, decoded ("guide-2024.pdf"), else the host. */
export function fileNameOf(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split("/").filter(Boolean).at(-1);
    if (!last) return u.hostname;
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  } catch {
    return url;
  }
}

const firstLine = (text: string) =>
  text
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .find(Boolean) ?? "";

class PdfTimeout extends Error {}

export async function extractPdf(body: Uint8Array, url: string): Promise<PdfText> {
  if (body.byteLength > MAX_PDF_BYTES)
    return { skipped: `larger than ${MAX_PDF_BYTES / 1024 / 1024} MB (${body.byteLength} bytes)` };
  const { getDocument } = await getResolvedPDFJS();
  let task: ReturnType<typeof getDocument> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let abandoned = false;
  const read = async () => {
    // A copy: PDF.js may take the buffer over, and the WARC record's body is hashed afterwards.
    task = getDocument({
      data: new Uint8Array(body),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    const doc = await task.promise;
    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as { Title?: unknown; Language?: unknown };
    const parts: string[] = [];
    let chars = 0;
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES) && chars < MAX_PDF_CHARS; n++) {
      if (abandoned) throw new PdfTimeout();
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
      page.cleanup();
      parts.push(text);
      chars += text.length;
    }
    const text = parts.join("\n").slice(0, MAX_PDF_CHARS);
    const declared = typeof info.Title === "string" ? info.Title.replace(/\s+/g, " ").trim() : "";
    return {
      title: declared || firstLine(text).slice(0, 200) || fileNameOf(url),
      lang: typeof info.Language === "string" && info.Language.trim() ? info.Language.trim() : null,
      text,
    };
  };
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abandoned = true;
          reject(new PdfTimeout());
        }, PDF_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    if (err instanceof PdfTimeout) return { skipped: `not read within ${PDF_TIMEOUT_MS / 1000} seconds` };
    const e = err as Error;
    if (e?.name === "PasswordException") return { skipped: "encrypted: it needs a password to be read" };
    return { skipped: `unreadable: ${String(e?.message ?? err).slice(0, 200)}` };
  } finally {
    clearTimeout(timer);
    // Ends a load still under way as well as a document read: PDF.js stops and frees it.
    await task?.destroy().catch(() => {});
  }
}
