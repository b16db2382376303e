// Numbers written the page's way. Intl.NumberFormat objects are kept per locale and options, since
// `Number#toLocaleString` builds a new one on every call. And a whole number under a thousand is
// written without one: English and French write those alike (no grouping, the same minus), while
// the first Intl.NumberFormat a page builds costs 50–110 ms in Chromium here (the number data is
// loaded then), which a first /search visit paid for the results' count alone.
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** `n` as the locale writes it, by default options. */
export function formatNumber(locale: string, n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : numberFormat(locale).format(n);
}
