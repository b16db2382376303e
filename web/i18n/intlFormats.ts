// Dates and numbers written the page's way, through Intl formatters kept per locale and options:
// `toLocaleString` builds a new one on every call, which costs far more than using one, and the
// wait-time cards, chart axes and result lists write hundreds of dates and numbers per drawing.
// A whole number under a thousand is written without a formatter: English and French write those
// alike (no grouping, the same minus), while the first Intl.NumberFormat a page builds costs
// 50–110 ms in Chromium here (the number data is loaded then), which a first /search visit paid
// for the results' count alone.
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) {
    format = make();
    kept.set(key, format);
  }
  return format;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keep(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keep(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `n` as the locale writes it, by default options. */
export function formatNumber(locale: string, n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : numberFormat(locale).format(n);
}
