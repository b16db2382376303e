/**
 * Line numbers for JSON feeds: JSON.parse forgets positions, so we record the line of every "{"
 * in document order. A pre-order walk of the parsed value meets objects in that same order, which
 * lets a parser say "line 42" for a bad entry.
 */
export function objectStartLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    else if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") lines.push(line);
  }
  return lines;
}

/** Calls `visit` for every object in pre-order with its line number. */
export function walkObjects(
  value: unknown,
  lines: number[],
  visit: (obj: Record<string, unknown>, line: number, path: string[]) => void,
) {
  let next = 0;
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], [...path, String(i)]);
    } else if (v !== null && typeof v === "object") {
      const line = lines[next++] ?? 0;
      visit(v as Record<string, unknown>, line, path);
      for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
    }
  };
  walk(value, []);
}
