// Dates and numbers written (and names sorted) the page's way, through Intl objects kept per locale
// and options:
// `toLocaleString` builds a new one on every call, which costs far more than using one, and the
// wait-time cards, chart axes and result lists write hundreds of dates and numbers per drawing.
// A whole number under a thousand is written without a formatter: English and French write those
// alike (no grouping, the same minus), while the first Intl.NumberFormat a page builds costs
// 50–110 ms in Chromium here (the number data is loaded then), which a first /search visit paid
// for the results' count alone.
type Kept = Intl.DateTimeFormat | Intl.NumberFormat | Intl.Collator;
const kept = new Map<string, Kept>();

function keep<T extends Kept>(key: string, make: () => T): T {
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

/** Building a collator loads ICU's collation data: a province's list is sorted again at every keystroke. */
export function collator(locale: string, options: Intl.CollatorOptions = {}): Intl.Collator {
  return keep(`collator ${locale} ${JSON.stringify(options)}`, () => new Intl.Collator(locale, options));
}

/** A moment (ISO text, epoch milliseconds or a Date) as the locale writes it with `options`. */
export function formatDate(
  locale: string,
  when: string | number | Date,
  options: Intl.DateTimeFormatOptions,
): string {
  return dateFormat(locale, options).format(typeof when === "object" ? when : new Date(when));
}
