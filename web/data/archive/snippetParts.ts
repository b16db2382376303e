// The archive's search snippets are HTML-escaped text with matches wrapped in <mark>. Rather than
// trusting them as HTML, they are split into plain-text runs rendered as text nodes.
export interface SnippetPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** Turns the five escapes the server writes back into characters (the result is shown as text). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
}

export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const re = /<mark>(.*?)<\/mark>/gs;
  let last = 0;
  for (const m of snippet.matchAll(re)) {
    if (m.index > last) parts.push({ text: unescapeHtml(snippet.slice(last, m.index)), mark: false });
    parts.push({ text: unescapeHtml(m[1]), mark: true });
    last = m.index + m[0].length;
  }
  if (last < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(last)), mark: false });
  return parts;
}
