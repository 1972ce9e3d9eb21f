import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatNumber } from './format'

describe('numbers, prices and dates in the visitor’s language', () => {
  it('groups whole numbers by three digits in both languages, as Intl does', () => {
    for (const language of ['en', 'zh-CN']) {
      for (const n of [0, 7, 999, 1000, 12_500, -1234, 1_234_567, Number.MAX_SAFE_INTEGER])
        expect(formatNumber(n, language)).toBe(new Intl.NumberFormat(language).format(n))
    }
    expect(formatNumber(12_500, 'en')).toBe('12,500')
    expect(formatNumber(-1234, 'zh-CN')).toBe('-1,234')
  })

  it('leaves fractions and other languages to Intl', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5')
    expect(formatNumber(1234, 'de')).toBe('1.234')
  })

  it('writes prices with the currency as each language does', () => {
    expect(formatMoney(49.9, 'USD', 'en')).toBe('$49.90')
    expect(formatMoney(49.9, 'USD', 'zh-CN')).toBe('US$49.90')
    expect(formatMoney(139.9, 'EUR', 'en')).toBe('€139.90')
  })

  it('writes a day and a moment', () => {
    const date = new Date(2026, 10, 22, 16, 55)
    expect(formatDate(date, 'long', 'en')).toBe('November 22, 2026')
    expect(formatDate(date, 'long', 'zh-CN')).toBe('2026年11月22日')
    expect(formatDate(date, 'moment', 'en')).toMatch(/^Nov 22, 2026, 4:55\sPM$/)
  })
})
