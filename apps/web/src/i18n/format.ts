/**
 * Numbers, prices and dates in the visitor's language. Intl formatters are costly to make (the first one
 * of a kind loads locale data: some 25 ms on a slow phone), so each language and style is made once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key)
  if (!format) {
    format = make()
    cache.set(key, format)
  }
  return format
}

/** The app's languages write whole numbers alike: groups of three digits split by commas. */
const COMMA_GROUPED = new Set(['en', 'zh-CN'])

/**
 * A count with the language's digit grouping: `12,500`. Whole numbers in the app's own languages skip
 * Intl: the first NumberFormat of a page costs a long task on a phone, and the dashboard's credits would
 * pay it on every visit.
 */
export function formatNumber(value: number, language: string): string {
  if (Number.isSafeInteger(value) && COMMA_GROUPED.has(language)) {
    return `${value < 0 ? '-' : ''}${String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')}`
  }
  return cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value)
}

/** A price: `$49.90`, `US$49.90`. */
export function formatMoney(amount: number, currency: string, language: string): string {
  return cached(
    numberFormats,
    `${language} ${currency}`,
    () => new Intl.NumberFormat(language, { style: 'currency', currency }),
  ).format(amount)
}

/** A price per unit, to a tenth of a cent (`$0.399`): small amounts shown without rounding them into a claim. */
export function formatUnitPrice(amount: number, currency: string, language: string): string {
  return cached(
    numberFormats,
    `${language} ${currency} unit`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      }),
  ).format(amount)
}

/** A day (`long`: November 22, 2026) or a moment (`moment`: Nov 22, 2026, 4:55 AM). */
export function formatDate(date: Date, style: 'long' | 'moment', language: string): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long' } : { dateStyle: 'medium', timeStyle: 'short' }
  return cached(dateFormats, `${language} ${style}`, () => new Intl.DateTimeFormat(language, options)).format(
    date,
  )
}
