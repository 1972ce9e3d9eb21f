import type { Notification } from '@templet/api/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { i18n, loadLanguage } from '../i18n/index'
import { notificationTarget, notificationText, targetHref } from './notification-text'

const at = '2026-12-01T10:00:00.000Z'
const northwind = { id: 7, name: 'Northwind' }
const note = (n: Pick<Notification, 'type' | 'params'>) =>
  ({ id: 1, title: '', content: '', check: 0, createdAt: at, ...n }) as Notification
const text = (n: Notification) => notificationText(n, { t: i18n.t, language: i18n.language })

describe('a billing notification', () => {
  afterAll(() => loadLanguage('en'))

  it('about a team’s workspace says the credits and plan are the team’s, names it and opens in it', async () => {
    await loadLanguage('en')
    const low = note({ type: 'credits_low', params: { balance: 3, threshold: 5, team: northwind } })
    expect(text(low).body).toBe(
      'The team has 3 credits left. Top up to keep creating. In the team “Northwind”.',
    )
    expect(notificationTarget(low)).toEqual({ path: '/pricing-plans', team: 7 })
    expect(targetHref({ path: '/pricing-plans', team: 7 })).toContain('team=7')

    const paid = note({
      type: 'purchase_paid',
      params: {
        purchaseId: 12,
        offerId: 'pack-100',
        credits: 100,
        amountCents: 4990,
        currency: 'USD',
        team: northwind,
      },
    })
    expect(text(paid).body).toMatch(
      /^100 credits were added to the team's balance \(.*49\.90\)\. In the team “Northwind”\.$/,
    )
    expect(notificationTarget(paid)).toEqual({ path: '/purchase-history/12', team: 7 })

    const failed = note({
      type: 'purchase_failed',
      params: {
        purchaseId: null,
        offerId: null,
        amountCents: 8490,
        currency: 'USD',
        reason: 'renewal_failed',
        team: northwind,
      },
    })
    expect(text(failed).body).toMatch(/^The renewal payment failed and the team's plan is past due\./)
    const cancelled = note({
      type: 'subscription_cancelled',
      params: { offerId: null, periodEnd: at, team: northwind },
    })
    expect(text(cancelled).body).toMatch(/^The team's plan stays active until .* In the team “Northwind”\.$/)
  })

  it('about the reader’s own workspace says “your” and names no team', async () => {
    await loadLanguage('en')
    const low = note({ type: 'credits_low', params: { balance: 1, threshold: 5 } })
    expect(text(low).body).toBe('You have 1 credit left. Top up to keep creating.')
    expect(notificationTarget(low)).toEqual({ path: '/pricing-plans', team: null })
    const resumed = note({ type: 'subscription_resumed', params: { offerId: null, periodEnd: at } })
    expect(text(resumed).body).toMatch(/^Your subscription goes on/)
  })

  it('reads in Chinese', async () => {
    await loadLanguage('zh-CN')
    const low = note({ type: 'credits_low', params: { balance: 2, threshold: 5, team: northwind } })
    expect(text(low).body).toBe('团队还剩 2 个积分。充值后即可继续创作。 团队：「Northwind」。')
  })
})
