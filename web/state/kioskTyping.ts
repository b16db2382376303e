// "Someone is typing": focus is in a text field that holds text. The idle reset holds off while
// this is true, so a slow typist or someone pausing to think is not interrupted.
const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "tel", "url", "password", "number"]);

export function isTypingInto(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return element.value !== "";
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type) && element.value !== "";
  return element instanceof HTMLElement && element.isContentEditable && (element.textContent ?? "") !== "";
}
