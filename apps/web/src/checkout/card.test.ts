import { describe, expect, it } from 'vitest'
import { cardBody, caretAfterDigits, checkCard, formatCardNumber, formatExpiry } from './card'

const now = new Date(2026, 10, 25)

describe('the sandbox card form’s rules', () => {
  it('groups the number as the card shows it, and stops at the brand’s length', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242 4242 4242 4242 999')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005')
    expect(formatCardNumber('42a4-2')).toBe('4242')
  })

  it('keeps the caret after the same digits once the number is regrouped', () => {
    expect(caretAfterDigits('4242 4242', 5)).toBe(6)
    expect(caretAfterDigits('4242 4242', 4)).toBe(4)
    expect(caretAfterDigits('4242', 0)).toBe(0)
    expect(caretAfterDigits('42', 9)).toBe(2)
  })

  it('writes the expiry as it is typed, and lets the slash go when deleting back', () => {
    expect(formatExpiry('1', '')).toBe('1')
    expect(formatExpiry('4', '')).toBe('04 / ')
    expect(formatExpiry('12', '1')).toBe('12 / ')
    expect(formatExpiry('12 /', '12 / ')).toBe('12')
    expect(formatExpiry('12 / 345', '12 / 3')).toBe('12 / 34')
  })

  it('finds each field’s problem, with “expired” decided by the date given', () => {
    expect(checkCard({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 26', cvc: '123' }, now)).toEqual({})
    expect(checkCard({ cardNumber: '', expiry: '', cvc: '' }, now)).toEqual({
      cardNumber: 'numberRequired',
      expiry: 'expiryRequired',
      cvc: 'cvcRequired',
    })
    expect(checkCard({ cardNumber: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '12' }, now)).toEqual({
      cardNumber: 'numberInvalid',
      expiry: 'expiryFormat',
      cvc: 'cvcFormat',
    })
    expect(checkCard({ cardNumber: '4242 4242', expiry: '10 / 26', cvc: '1234' }, now)).toEqual({
      cardNumber: 'numberIncomplete',
      expiry: 'expiryPast',
    })
  })

  it('sends the card as the contract takes it', () => {
    expect(cardBody({ cardNumber: '4242 4242 4242 4242', expiry: '04 / 29', cvc: ' 123 ' })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '04/29',
      cvc: '123',
    })
  })
})
