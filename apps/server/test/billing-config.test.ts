import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { Offers } from '../src/features/billing/offers'
import { cardBrandName, cardOutcome } from '../src/features/billing/sandbox-card'
import { periodEnd } from '../src/features/billing/subscriptions'

describe('billing configuration', () => {
  it('defaults to groups main and promo, USD, the sandbox provider and the product’s credits', () => {
    const b = loadConfig({}).billing
    expect(b).toEqual({
      groups: [
        { id: 'main', credits: [100, 220, 400], planCredits: [125, 275, 500] },
        { id: 'promo', credits: [120, 260, 480], planCredits: [150, 325, 600] },
      ],
      currency: 'USD',
      seller: {
        legalName: 'Templet Development Ltd. (example seller)',
        address: ['1 Example Street', '10115 Berlin', 'Germany'],
        taxId: 'DE000000000 (example)',
        email: 'billing@templet.example',
      },
      publicUrl: 'http://127.0.0.1:3000',
      stripe: null,
      schedulerSeconds: 60,
    })
  })

  it('reads group ids, credits, currency and Stripe keys from the environment', () => {
    const b = loadConfig({
      OFFER_GROUP_MAIN: 'standard',
      OFFER_GROUP_PROMO: 'spring',
      OFFER_CREDITS_PROMO: '150, 300, 600',
      OFFER_PLAN_CREDITS_PROMO: '200, 400, 800',
      SELLER_LEGAL_NAME: 'Templet GmbH',
      SELLER_ADDRESS: 'Hauptstraße 1 | 10115 Berlin | Germany',
      SELLER_TAX_ID: 'DE123456789',
      SELLER_EMAIL: 'billing@templet.de',
      BILLING_CURRENCY: 'eur',
      PUBLIC_URL: 'https://templet.example/',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    }).billing
    expect(b.groups).toEqual([
      { id: 'standard', credits: [100, 220, 400], planCredits: [125, 275, 500] },
      { id: 'spring', credits: [150, 300, 600], planCredits: [200, 400, 800] },
    ])
    expect(b.seller).toEqual({
      legalName: 'Templet GmbH',
      address: ['Hauptstraße 1', '10115 Berlin', 'Germany'],
      taxId: 'DE123456789',
      email: 'billing@templet.de',
    })
    expect(b.currency).toBe('EUR')
    expect(b.publicUrl).toBe('https://templet.example')
    expect(b.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' })
    const offers = new Offers(b)
    expect(offers.find('spring/payment-139-9')).toMatchObject({ price: 139.9, credits: 600 })
    expect(offers.find('spring/subscription-139-9')).toMatchObject({
      price: 139.9,
      credits: 800,
      currency: 'EUR',
    })
    expect(offers.find('main/payment-49-9')).toBeUndefined()
  })

  it('by default a monthly plan costs less per credit than the pack at the same price, in every tier and group', () => {
    const offers = new Offers(loadConfig({}).billing)
    for (const plan of offers.all.filter((o) => o.kind === 'subscription')) {
      const pack = offers.find(plan.id.replace('/subscription-', '/payment-'))
      if (!pack) throw new Error(`no pack beside ${plan.id}`)
      expect(plan.price).toBe(pack.price)
      expect(plan.price / plan.credits).toBeLessThan(pack.price / pack.credits)
    }
  })

  it('uses Stripe only when both of its keys are set', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).billing.stripe).toBeNull()
  })

  it.each([
    ['OFFER_CREDITS_MAIN', '100,220'],
    ['OFFER_CREDITS_MAIN', '100,abc,400'],
    ['OFFER_PLAN_CREDITS_MAIN', '0,1,2'],
    ['SELLER_EMAIL', 'not an address'],
    ['OFFER_GROUP_PROMO', 'Promo Group'],
    ['BILLING_CURRENCY', 'dollars'],
    ['OFFER_GROUP_PROMO', 'main'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`))
  })
})

describe('sandbox cards and periods', () => {
  it('knows the test cards’ outcomes and brands', () => {
    expect(cardOutcome('4242424242424242')).toBe('paid')
    expect(cardOutcome('4000000000000002')).toBe('declined')
    expect(cardOutcome('4000000000009995')).toBe('insufficient_funds')
    expect(cardBrandName('4242424242424242')).toBe('Visa')
    expect(cardBrandName('5555555555554444')).toBe('Mastercard')
    expect(cardBrandName('378282246310005')).toBe('American Express')
    // The receipt names every brand the card form recognises.
    expect(cardBrandName('36227206271667')).toBe('Diners Club')
    expect(cardBrandName('9999999999999995')).toBe('Card')
  })

  it('ends period n n calendar months after the anchor, keeping the day where the month has it', () => {
    const jan31 = Date.UTC(2026, 0, 31, 12)
    expect(new Date(periodEnd(jan31, 1)).toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(new Date(periodEnd(jan31, 2)).toISOString()).toBe('2026-03-31T12:00:00.000Z')
    expect(new Date(periodEnd(jan31, 12)).toISOString()).toBe('2027-01-31T12:00:00.000Z')
  })
})
