/**
 * A payment card's number as the card form, the contract and the sandbox provider read it: Luhn's check
 * digit and the brand from the prefix. Free of dependencies so that the card form's chunk stays small
 * (`@templet/api/card`).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'unionpay' | 'diners'

/** The brand a customer recognises, from the first digits. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover'
  if (/^35/.test(digits)) return 'jcb'
  if (/^62/.test(digits)) return 'unionpay'
  return null
}

/** Brand names as printed on cards and receipts (the same in every language). */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
}

/** Luhn's check digit test over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}
