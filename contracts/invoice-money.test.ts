import { describe, expect, it } from 'vitest'
import {
  computeTotals,
  currencyDigits,
  decimalText,
  divideHalfUp,
  formatMoney,
  isKnownCurrency,
  minorToFixed,
  minorToNumber,
  parseDecimal,
} from './invoice-money.ts'

const totals = (
  items: Array<[string | number, string | number]>,
  tax: string | number,
  cur = 'USD',
) => {
  const t = computeTotals(
    items.map(([quantity, rate]) => ({ quantity, rate })),
    tax,
    cur,
  )
  return {
    lines: t.lines.map((l) => minorToFixed(l, t.digits)),
    subtotal: minorToFixed(t.subtotal, t.digits),
    tax: minorToFixed(t.tax, t.digits),
    total: minorToFixed(t.total, t.digits),
  }
}

describe('parseDecimal', () => {
  it('reads decimals exactly, from strings and numbers', () => {
    expect(parseDecimal('12.50', 4)).toEqual({ units: 125n, scale: 1 })
    expect(parseDecimal(0.005, 6)).toEqual({ units: 5n, scale: 3 })
    expect(parseDecimal('  3 ', 4)).toEqual({ units: 3n, scale: 0 })
    expect(decimalText(parseDecimal('1234.5700', 6)!)).toBe('1234.57')
  })
  it('refuses what is not a plain decimal', () => {
    for (const bad of [
      '1e3',
      '1,5',
      '',
      '.5',
      '5.',
      'abc',
      '1 000',
      NaN,
      Infinity,
      null,
      {},
      '0x10',
    ])
      expect(parseDecimal(bad, 4)).toBeNull()
    expect(parseDecimal('1.23456', 4)).toBeNull()
    expect(parseDecimal('1.23450', 4)).toEqual({ units: 12345n, scale: 4 })
    expect(parseDecimal(1e-7, 6)).toBeNull()
  })
})

describe('half-up rounding', () => {
  it('rounds halves away from zero', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n)
    expect(divideHalfUp(4n, 10n)).toBe(0n)
    expect(divideHalfUp(15n, 10n)).toBe(2n)
    expect(divideHalfUp(-15n, 10n)).toBe(-2n)
  })
  it.each([
    ['0.005', '0.01'],
    ['1.005', '1.01'],
    ['2.675', '2.68'],
    ['1.004999', '1.00'],
  ])('a line of 1 × %s is %s (binary floats would say otherwise)', (rate, line) => {
    expect(totals([[1, rate]], 0).lines[0]).toBe(line)
  })
  it('rounds the tax half-up: 10.00 at 8.25 % is 0.825 → 0.83', () => {
    expect(totals([[1, '10']], '8.25')).toEqual({
      lines: ['10.00'],
      subtotal: '10.00',
      tax: '0.83',
      total: '10.83',
    })
  })
})

describe('computeTotals', () => {
  it('0 % and 100 % tax', () => {
    expect(totals([[2, '19.99']], 0)).toMatchObject({
      subtotal: '39.98',
      tax: '0.00',
      total: '39.98',
    })
    expect(totals([[2, '19.99']], 100)).toMatchObject({ tax: '39.98', total: '79.96' })
  })
  it('50 items add up exactly', () => {
    const items = Array.from({ length: 50 }, () => [1, '0.10'] as [number, string])
    expect(totals(items, 0).subtotal).toBe('5.00')
    // 0.1 added 50 times in binary floating point is 5.000000000000002.
  })
  it('decimal quantities', () => {
    expect(
      totals(
        [
          ['1.5', '80'],
          ['0.25', '99.99'],
        ],
        '0',
      ).lines,
    ).toEqual(['120.00', '25.00'])
  })
  it('the currency decides the minor unit: JPY none, KWD three digits', () => {
    expect(currencyDigits('JPY')).toBe(0)
    expect(currencyDigits('KWD')).toBe(3)
    expect(totals([[3, '333.5']], '10', 'JPY')).toEqual({
      lines: ['1001'],
      subtotal: '1001',
      tax: '100',
      total: '1101',
    })
    expect(totals([[1, '1.0005']], '0', 'KWD').lines).toEqual(['1.001'])
  })
  it('inputs that do not parse count as zero while the form is being typed in', () => {
    expect(
      totals(
        [
          ['', 'abc'],
          [2, '5'],
        ],
        '',
      ).total,
    ).toBe('10.00')
  })
  it('gives the API its exact decimals', () => {
    const t = computeTotals([{ quantity: 1, rate: '1234.565' }], 0, 'USD')
    expect(minorToNumber(t.total, t.digits)).toBe(1234.57)
    expect(String(minorToNumber(t.total, t.digits))).toBe('1234.57')
  })
})

describe('currencies and formatting', () => {
  it('knows ISO 4217 codes only', () => {
    expect(isKnownCurrency('USD')).toBe(true)
    expect(isKnownCurrency('EUR')).toBe(true)
    expect(isKnownCurrency('usd')).toBe(false)
    expect(isKnownCurrency('ABC')).toBe(false)
    expect(isKnownCurrency('US')).toBe(false)
  })
  it('formats in the invoice currency, exactly', () => {
    expect(formatMoney(1234.57, 'USD')).toBe('$1,234.57')
    expect(formatMoney(123457n, 'USD')).toBe('$1,234.57')
    expect(formatMoney(1101n, 'JPY')).toBe('¥1,101')
    expect(formatMoney(1001n, 'KWD').replace(/\s/g, ' ')).toBe('KWD 1.001')
  })
})
