const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A shared Intl.DateTimeFormat per locale and options: building one costs far more than using
 * it, and a page renders many dates.
 */
export function dateFormatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, formatter)
  }
  return formatter
}
