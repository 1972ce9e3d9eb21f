import { describe, expect, it } from 'vitest'
import { CARD_BRAND_NAMES, cardBrand, luhnValid } from './card'

describe('card numbers', () => {
  it('names the brand from the prefix, the same for the form, the contract and the receipt', () => {
    const brands = Object.fromEntries(
      [
        '4242424242424242',
        '5555555555554444',
        '2223003122003222',
        '378282246310005',
        '36227206271667',
        '6011111111111117',
        '3566002020360505',
        '6200000000000005',
        '9999999999999995',
      ].map((n) => [n, cardBrand(n)]),
    )
    expect(Object.values(brands)).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
      'diners',
      'discover',
      'jcb',
      'unionpay',
      null,
    ])
    expect(CARD_BRAND_NAMES.diners).toBe('Diners Club')
  })

  it("checks Luhn's digit", () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(luhnValid('')).toBe(false)
  })
})
