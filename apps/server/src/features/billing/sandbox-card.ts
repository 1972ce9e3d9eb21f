import { CARD_BRAND_NAMES, cardBrand } from '@templet/api/card'
import { Code } from '@templet/api/contract'
import { AppError } from '../../errors'

/**
 * What the sandbox provider does with a card: the test numbers of docs/product.md#paying-renewals-and-refunds;
 * any other valid number pays.
 */
export type CardOutcome = 'paid' | 'declined' | 'insufficient_funds'

const OUTCOMES: Record<string, CardOutcome> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
}

export function cardOutcome(digits: string): CardOutcome {
  return OUTCOMES[digits] ?? 'paid'
}

/** The brand's name for the receipt, from the number's prefix (as the card form shows it). */
export function cardBrandName(digits: string): string {
  const brand = cardBrand(digits)
  return brand ? CARD_BRAND_NAMES[brand] : 'Card'
}

/**
 * A 400 unless `MM/YY` (or `MM/YYYY`) is this month or later by the server's clock, with the field's issue by
 * key like any other validation failure (`invalid_value` with `reason: expired`), so a form words it itself.
 */
export function assertNotExpired(expiry: string, now: number): void {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim())
  if (!m)
    throw new AppError(Code.invalidInput, 'expiry: Enter the expiry date as MM/YY', {
      issues: [{ path: ['expiry'], code: 'invalid_format', params: {} }],
    })
  const month = Number(m[1])
  const year = m[2]?.length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  const today = new Date(now)
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
  if (year * 12 + month < current)
    throw new AppError(Code.invalidInput, 'expiry: This card has expired', {
      issues: [{ path: ['expiry'], code: 'invalid_value', params: { reason: 'expired' } }],
    })
}
