/**
 * The sandbox card form's rules, as a real card form applies them before anything is sent: the number
 * grouped as typed and checked with Luhn's digit, the brand from its prefix, an expiry `MM/YY` not in the
 * past, a CVC of 3 or 4 digits. The server checks the same again (the contract's `checkoutPayBody`).
 */
import { type CardBrand, cardBrand, luhnValid } from '@templet/api/card'

/** The most digits a number of this brand has (19 for the brands that issue long numbers). */
function maxDigits(brand: CardBrand | null): number {
  if (brand === 'amex') return 15
  if (brand === 'diners') return 14
  return brand === 'visa' || brand === 'mastercard' ? 16 : 19
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '')
}

/** The digits as a card shows them: `4242 4242 4242 4242`, American Express `3782 822463 10005`. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(onlyDigits(value))
  const digits = onlyDigits(value).slice(0, maxDigits(brand))
  const groups = brand === 'amex' || brand === 'diners' ? [4, 6, 5] : [4, 4, 4, 4, 3]
  const parts: string[] = []
  let at = 0
  for (const size of groups) {
    if (at >= digits.length) break
    parts.push(digits.slice(at, at + size))
    at += size
  }
  return parts.join(' ')
}

/** Where the caret goes after reformatting: after the same number of digits as before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0
  let seen = 0
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] ?? '')) seen += 1
    if (seen === digitsBefore) return i + 1
  }
  return formatted.length
}

/**
 * The expiry as typed: `1` stays, `12` becomes `12 / `, `4` becomes `04 / ` (no month starts with 4), the
 * slash is dropped again when the customer deletes back to the month.
 */
export function formatExpiry(value: string, previous: string): string {
  let digits = onlyDigits(value).slice(0, 4)
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`
  const deleting = value.length < previous.length
  if (digits.length < 2) return digits
  if (digits.length === 2) return deleting ? digits : `${digits} / `
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc'
/** Why a field is refused, as a key of `card.errors` in the catalogues. */
export type CardError =
  | 'numberRequired'
  | 'numberIncomplete'
  | 'numberInvalid'
  | 'expiryRequired'
  | 'expiryFormat'
  | 'expiryPast'
  | 'cvcRequired'
  | 'cvcFormat'

export interface CardValues {
  cardNumber: string
  expiry: string
  cvc: string
}

/** The card's problems by field (empty when it may be sent); `now` decides what "expired" means. */
export function checkCard(values: CardValues, now = new Date()): Partial<Record<CardField, CardError>> {
  const errors: Partial<Record<CardField, CardError>> = {}
  const digits = onlyDigits(values.cardNumber)
  if (digits.length === 0) errors.cardNumber = 'numberRequired'
  else if (digits.length < 12) errors.cardNumber = 'numberIncomplete'
  else if (!luhnValid(digits)) errors.cardNumber = 'numberInvalid'
  else {
    const brand = cardBrand(digits)
    if (
      brand &&
      (brand === 'visa' || brand === 'mastercard' || brand === 'amex') &&
      digits.length < maxDigits(brand)
    )
      errors.cardNumber = 'numberIncomplete'
  }

  const expiry = onlyDigits(values.expiry)
  if (expiry.length === 0) errors.expiry = 'expiryRequired'
  else {
    const month = Number(expiry.slice(0, 2))
    if (expiry.length !== 4 || month < 1 || month > 12) errors.expiry = 'expiryFormat'
    else {
      const year = 2000 + Number(expiry.slice(2))
      if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'expiryPast'
    }
  }

  const cvc = values.cvc.trim()
  if (cvc.length === 0) errors.cvc = 'cvcRequired'
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'cvcFormat'
  return errors
}

/** The body's card fields as the contract takes them: digits, `MM/YY`, the CVC. */
export function cardBody(values: CardValues): CardValues {
  const expiry = onlyDigits(values.expiry)
  return {
    cardNumber: onlyDigits(values.cardNumber),
    expiry: `${expiry.slice(0, 2)}/${expiry.slice(2)}`,
    cvc: values.cvc.trim(),
  }
}
