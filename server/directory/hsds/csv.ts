/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes and line breaks. The reader reports the
 * physical line each record starts on, so import errors can name the line.
 */
export function toCsv(
  header: string[],
  rows: Array<Record<string, string | number | null | undefined>>,
): string {
  const cell = (v: string | number | null | undefined) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header.join(","), ...rows.map((r) => header.map((h) => cell(r[h])).join(","))].join("\r\n")}\r\n`;
}

export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

export function parseCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      cells.push(field);
      if (cells.length > 1 || cells[0] !== "") rows.push({ line: startLine, cells });
      cells = [];
      field = "";
      line++;
      startLine = line;
    } else field += ch;
  }
  if (field !== "" || cells.length) {
    cells.push(field);
    rows.push({ line: startLine, cells });
  }
  const [head, ...body] = rows;
  const header = head ? head.cells.map((h) => h.trim()) : [];
  return {
    header,
    records: body.map((r) => ({
      line: r.line,
      values: Object.fromEntries(header.map((h, k) => [h, r.cells[k] ?? ""])),
    })),
  };
}
