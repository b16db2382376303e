/**
 * The only websites the app turns into links: absolute http(s) addresses. Anything else
 * (`javascript:`, `data:`, `vbscript:`…) would run in the reader's browser. Kept free of zod so
 * the pages that render links do not load the schemas.
 */
export function isWebAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
