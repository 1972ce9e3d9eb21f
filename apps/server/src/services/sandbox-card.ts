import { Code } from '@templet/api/contract'
import { AppError } from '../errors'

/** What the sandbox provider does with a card: PRODUCT.md §7's test numbers, any other valid number pays. */
export type CardOutcome = 'paid' | 'declined' | 'insufficient_funds'

const OUTCOMES: Record<string, CardOutcome> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
}

export function cardOutcome(digits: string): CardOutcome {
  return OUTCOMES[digits] ?? 'paid'
}

/** The brand a customer recognises, from the number's prefix (as the card form shows it). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard'
  if (/^3[47]/.test(digits)) return 'American Express'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover'
  if (/^35/.test(digits)) return 'JCB'
  if (/^62/.test(digits)) return 'UnionPay'
  return 'Card'
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
