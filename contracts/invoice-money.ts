/**
 * Exact invoice arithmetic, shared by the server (which decides) and the form (which shows the
 * same figures while typing). Quantities, rates and the tax rate are decimal strings; every
 * amount is a whole number of the currency's minor unit (cents, fils, yen) held in a bigint.
 * No binary floating point touches money: 1.005 × 1 is 1.01, not 1.00.
 */

/** Digits after the decimal point the invoice inputs may carry. */
export const QUANTITY_SCALE = 4
export const RATE_SCALE = 6
export const TAX_RATE_SCALE = 4

/** A decimal as an integer and a power of ten: 12.5 → { units: 125n, scale: 1 }. */
export interface Decimal {
  units: bigint
  scale: number
}

const DECIMAL = /^(-)?(\d{1,15})(?:\.(\d+))?$/

/**
 * Reads "12.50", "12.5", 12.5 or "0.005" exactly; null for anything else (exponents, commas,
 * spaces inside, more than `maxScale` decimals, more than 15 whole digits).
 */
export function parseDecimal(value: unknown, maxScale: number): Decimal | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    text = String(value)
  } else if (typeof value === 'string') {
    text = value.trim()
  } else {
    return null
  }
  const m = DECIMAL.exec(text)
  if (!m) return null
  const fraction = (m[3] ?? '').replace(/0+$/, '')
  if (fraction.length > maxScale) return null
  const units = BigInt(`${m[2]}${fraction}` || '0')
  return { units: m[1] && units !== 0n ? -units : units, scale: fraction.length }
}

/** The plain decimal text of a Decimal, without trailing zeros: { 1250n, 3 } → "1.25". */
export function decimalText(d: Decimal): string {
  const negative = d.units < 0n
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0')
  const whole = digits.slice(0, digits.length - d.scale)
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** a / b rounded half away from zero (half-up for the non-negative amounts of an invoice). */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('divisor must be positive')
  const negative = a < 0n
  const abs = negative ? -a : a
  const q = (abs * 2n + b) / (2n * b)
  return negative ? -q : q
}

const pow10 = (n: number) => 10n ** BigInt(n)

const digitsCache = new Map<string, number>()
/** The currency's minor unit: USD 2, JPY 0, KWD 3 (from the platform's ISO 4217 data). */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase()
  let digits = digitsCache.get(code)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    digitsCache.set(code, digits)
  }
  return digits
}

/** Is this an ISO 4217 code the platform knows (USD, EUR, JPY, …)? */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf
  if (known) return known('currency').includes(code)
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    return true
  } catch {
    return false
  }
}

/** quantity × rate in minor units, rounded half-up once. */
export function lineMinor(quantity: Decimal, rate: Decimal, digits: number): bigint {
  const scale = quantity.scale + rate.scale
  const product = quantity.units * rate.units
  return scale >= digits
    ? divideHalfUp(product, pow10(scale - digits))
    : product * pow10(digits - scale)
}

export interface InvoiceTotals {
  /** Each item's amount, in minor units, in the items' order. */
  lines: bigint[]
  subtotal: bigint
  tax: bigint
  total: bigint
  digits: number
}

/**
 * The invoice's figures from its items and tax rate: each line rounded half-up to the minor unit,
 * the subtotal their sum, the tax subtotal × rate / 100 rounded half-up, the total their sum.
 * Inputs that do not parse count as zero (the form shows figures while the user is typing; the
 * server validates before it calls this).
 */
export function computeTotals(
  items: ReadonlyArray<{ quantity: unknown; rate: unknown }>,
  taxRate: unknown,
  currency: string,
): InvoiceTotals {
  const digits = isKnownCurrency(currency) ? currencyDigits(currency) : 2
  const zero: Decimal = { units: 0n, scale: 0 }
  const lines = items.map((item) =>
    lineMinor(
      parseDecimal(item.quantity, QUANTITY_SCALE) ?? zero,
      parseDecimal(item.rate, RATE_SCALE) ?? zero,
      digits,
    ),
  )
  const subtotal = lines.reduce((a, b) => a + b, 0n)
  const rate = parseDecimal(taxRate, TAX_RATE_SCALE) ?? zero
  const tax = divideHalfUp(subtotal * rate.units, 100n * pow10(rate.scale))
  return { lines, subtotal, tax, total: subtotal + tax, digits }
}

/** Minor units as the decimal the API answers with: 123457n (2 digits) → 1234.57. */
export function minorToNumber(minor: bigint, digits: number): number {
  return Number(decimalText({ units: minor, scale: digits }))
}

/** Minor units as text with every digit of the currency: 1230n, 2 → "12.30". */
export function minorToFixed(minor: bigint, digits: number): string {
  const negative = minor < 0n
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0')
  const whole = text.slice(0, text.length - digits)
  return `${negative ? '-' : ''}${whole}${digits ? `.${text.slice(text.length - digits)}` : ''}`
}

const formatters = new Map<string, Intl.NumberFormat>()
/** "$1,234.57", "¥1,235", "KWD 1.235": an amount in the invoice's own currency. */
export function formatMoney(amount: number | bigint, currency: string, digits?: number): string {
  const code = isKnownCurrency(currency) ? currency : 'USD'
  let f = formatters.get(code)
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    formatters.set(code, f)
  }
  if (typeof amount === 'bigint') {
    // Intl formats decimal strings exactly.
    return f.format(minorToFixed(amount, digits ?? currencyDigits(code)) as unknown as number)
  }
  return f.format(amount)
}
