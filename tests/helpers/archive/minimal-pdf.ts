/**
 * A small real PDF built by hand (no library): one page per entry of `pages`, each line of it
 * drawn in Helvetica, an optional document-info Title, and a cross-reference table whose offsets
 * are counted, so a strict reader opens it as any PDF.
 */
export function minimalPdf(opts: { title?: string; pages: string[][] }): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const esc = (s: string) => s.replace(/[\\()]/g, "\\$&");
  add("<< /Type /Catalog /Pages 2 0 R >>");
  const kids = opts.pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
  add(`<< /Type /Pages /Kids [${kids}] /Count ${opts.pages.length} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (const [i, lines] of opts.pages.entries()) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    const ops = lines.map((l, j) => `BT /F1 12 Tf 72 ${720 - j * 20} Td (${esc(l)}) Tj ET`).join("\n");
    add(`<< /Length ${Buffer.byteLength(ops, "latin1")} >>\nstream\n${ops}\nendstream`);
  }
  const info = opts.title === undefined ? null : objects.length + 1;
  if (opts.title !== undefined) add(`<< /Title (${esc(opts.title)}) /Producer (test) >>`);
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info ? ` /Info ${info} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
