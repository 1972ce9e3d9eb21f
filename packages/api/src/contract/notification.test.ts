import { describe, expect, it } from 'vitest'
import { LOW_CREDITS_BELOW } from './billing'
import { notification, notificationEvent, notificationParams, notificationType } from './notification'

const base = { id: 1, title: 'T', content: 'C', check: 0, createdAt: '2026-11-23T00:00:00.000Z' }

describe('the notification contract', () => {
  it('names every event of docs/product.md#notifications, and a message for old text', () => {
    expect(notificationType.options).toEqual([
      'welcome',
      'purchase_paid',
      'purchase_failed',
      'subscription_renewed',
      'subscription_cancelled',
      'subscription_resumed',
      'credits_low',
      'creation_ready',
      'batch_completed',
      'comment_mention',
      'message',
    ])
    expect(Object.keys(notificationParams)).toEqual(notificationType.options)
  })

  it('accepts each type with its own parameters', () => {
    const events = [
      { type: 'welcome', params: { name: 'Ann', credits: 5 } },
      {
        type: 'purchase_paid',
        params: {
          purchaseId: 3,
          offerId: 'main/payment-49-9',
          credits: 100,
          amountCents: 4990,
          currency: 'USD',
        },
      },
      {
        type: 'purchase_failed',
        params: { purchaseId: null, offerId: null, amountCents: 4990, currency: 'USD', reason: 'declined' },
      },
      {
        type: 'subscription_renewed',
        params: {
          purchaseId: 4,
          offerId: 'main/subscription-49-9',
          credits: 100,
          amountCents: 4990,
          currency: 'USD',
          periodEnd: '2026-12-23T00:00:00.000Z',
        },
      },
      { type: 'subscription_cancelled', params: { offerId: null, periodEnd: '2026-12-23T00:00:00.000Z' } },
      { type: 'subscription_resumed', params: { offerId: null, periodEnd: '2026-12-23T00:00:00.000Z' } },
      { type: 'credits_low', params: { balance: 2, threshold: LOW_CREDITS_BELOW } },
      { type: 'creation_ready', params: { creationId: 9, templateId: 2, typeId: 1, name: 'Poster' } },
      {
        type: 'creation_ready',
        params: { creationId: 9, templateId: 2, typeId: 1, name: 'Poster', count: 4 },
      },
      { type: 'batch_completed', params: { batchId: 4, total: 50, completed: 47, failed: 3, canceled: 0 } },
      {
        type: 'batch_completed',
        params: {
          batchId: 4,
          total: 1,
          completed: 1,
          failed: 0,
          canceled: 0,
          team: { id: 3, name: 'Northwind' },
        },
      },
      {
        type: 'creation_ready',
        params: {
          creationId: 9,
          templateId: 2,
          typeId: 1,
          name: 'Poster',
          team: { id: 3, name: 'Northwind' },
        },
      },
      {
        type: 'comment_mention',
        params: { commentId: 5, templateId: 2, design: 'Poster', author: 'Carol', guest: true },
      },
      {
        type: 'comment_mention',
        params: {
          commentId: 5,
          templateId: 2,
          design: 'Poster',
          author: 'Ada',
          guest: false,
          team: { id: 3, name: 'Northwind' },
        },
      },
      { type: 'message', params: { title: 'Old', content: 'text' } },
    ]
    for (const e of events) {
      expect(notificationEvent.parse(e)).toEqual(e)
      expect(notification.parse({ ...base, ...e })).toEqual({ ...base, ...e })
    }
  })

  it.each([
    ['another type’s parameters', { type: 'credits_low', params: { name: 'Ann', credits: 5 } }],
    ['a missing link', { type: 'creation_ready', params: { templateId: 2, typeId: 1, name: 'Poster' } }],
    ['a sentence among the parameters', { type: 'welcome', params: { name: 'Ann', credits: 5, text: 'Hi' } }],
    ['a negative balance', { type: 'credits_low', params: { balance: -1, threshold: 3 } }],
    [
      'an unknown failure',
      {
        type: 'purchase_failed',
        params: { purchaseId: 1, offerId: 'x', amountCents: 1, currency: 'USD', reason: 'stolen' },
      },
    ],
    [
      'a lower-case currency',
      {
        type: 'purchase_paid',
        params: { purchaseId: 1, offerId: 'x', credits: 1, amountCents: 1, currency: 'usd' },
      },
    ],
    ['an unknown type', { type: 'news', params: {} }],
    [
      'a team without its name',
      {
        type: 'creation_ready',
        params: { creationId: 9, templateId: 2, typeId: 1, name: 'P', team: { id: 3 } },
      },
    ],
  ])('refuses %s', (_what, e) => {
    expect(notificationEvent.safeParse(e).success).toBe(false)
    expect(notification.safeParse({ ...base, ...e }).success).toBe(false)
  })
})
