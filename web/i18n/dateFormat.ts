// One Intl.DateTimeFormat per locale and set of options, kept: building one (which
// `toLocaleString` does on every call) costs far more than using one, and the wait-time cards and
// chart axes write hundreds of dates per drawing.
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
