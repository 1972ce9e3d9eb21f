import { LOW_CREDITS_BELOW, type Notification } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits, spendCredits } from '../src/features/billing/ledger'
import { notificationRow } from '../src/features/notifications/notifications'
import { engines, startServer, type TestServer } from './harness'

const PAYS = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }
const DECLINED = { cardNumber: '4000000000000002', expiry: '12/39', cvc: '123' }

describe.each(engines)('notification events on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { SESSION_TTL_SECONDS: String(365 * 24 * 3600) })
  })
  afterAll(() => s.close())

  const notes = async (token: string): Promise<Notification[]> =>
    (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })).data
  const ofType = async (token: string, type: Notification['type']) =>
    (await notes(token)).filter((n) => n.type === type)
  const templateId = async () =>
    Number(
      (
        await s.db.kysely
          .selectFrom('templates')
          .select('id')
          .where('slug', '=', 'sale-banner')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const checkout = async (token: string, offerId: string) =>
    (await s.call('POST', '/checkout/create', { token, body: { offerId, variant: 'checkout' } })).data
      .checkoutId as string

  it('registration raises one welcome with the name and the free credits', async () => {
    const { token } = await s.signUp('Grace Hopper')
    const all = await notes(token)
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({
      type: 'welcome',
      params: { name: 'Grace Hopper', credits: 5 },
      title: 'Welcome to Templet, Grace Hopper',
      check: 0,
    })
  })

  it('a paid purchase raises one notification naming the purchase, also when paid again and at once', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token, 'main/payment-49-9')
    const paid = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...PAYS } }),
      ),
    )
    expect(paid.every((p) => p.data.status === 'paid')).toBe(true)
    await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...PAYS } })
    const got = await ofType(token, 'purchase_paid')
    expect(got).toHaveLength(1)
    expect(got[0]?.params).toEqual({
      purchaseId: paid[0]?.data.purchase.id,
      offerId: 'main/payment-49-9',
      credits: 100,
      amountCents: 4990,
      currency: 'USD',
    })
  })

  it('a declined card raises one purchase_failed per attempt, naming the failed purchase', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token, 'main/payment-84-9')
    const r = await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...DECLINED } })
    expect(r.data.status).toBe('declined')
    const got = await ofType(token, 'purchase_failed')
    expect(got).toHaveLength(1)
    expect(got[0]?.params).toEqual({
      purchaseId: r.data.purchase.id,
      offerId: 'main/payment-84-9',
      amountCents: 8490,
      currency: 'USD',
      reason: 'declined',
    })
  })

  it('a renewal raises one subscription_renewed; a cancellation one subscription_cancelled', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token, 'main/subscription-49-9')
    await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...PAYS } })
    const sub = (await s.call('GET', '/subscription/current', { token })).data
    s.advance(Date.parse(sub.currentPeriodEnd) + 1 - s.now())
    await Promise.all([s.parts.subscriptions.runDueRenewals(), s.parts.subscriptions.runDueRenewals()])
    await s.parts.subscriptions.runDueRenewals()
    const renewed = await ofType(token, 'subscription_renewed')
    expect(renewed).toHaveLength(1)
    const purchases = (await s.call('GET', '/purchase/list', { token })).data
    expect(renewed[0]?.params).toMatchObject({
      purchaseId: purchases[0].id,
      offerId: 'main/subscription-49-9',
      credits: 125,
      amountCents: 4990,
    })
    const next = (await s.call('GET', '/subscription/current', { token })).data
    expect(renewed[0]?.params).toMatchObject({ periodEnd: next.currentPeriodEnd })

    await Promise.all([
      s.call('POST', '/subscription/cancel', { token }),
      s.call('POST', '/subscription/cancel', { token }),
    ])
    await s.call('POST', '/subscription/cancel', { token })
    const cancelled = await ofType(token, 'subscription_cancelled')
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]?.params).toEqual({
      offerId: 'main/subscription-49-9',
      periodEnd: next.currentPeriodEnd,
    })
  })

  it('the creations of one hour raise one creation_ready counting them and naming the latest; the spend that leaves fewer than 3 raises credits_low once', async () => {
    const { token } = await s.signUp()
    const tid = await templateId()
    const made: number[] = []
    for (let i = 0; i < 4; i++) {
      const r = await s.call('POST', '/creation/create', {
        token,
        body: { templateId: tid, values: {}, name: `Banner ${i + 1}` },
      })
      expect(r.code, r.msg).toBe(0)
      made.push(r.data.id)
    }
    const ready = await ofType(token, 'creation_ready')
    expect(ready.map((n) => n.params)).toEqual([
      { creationId: made[3], templateId: tid, typeId: expect.any(Number), name: 'Banner 4', count: 4 },
    ])
    expect(ready[0]?.title).toBe('4 creations are ready')
    // 5 -> 4 -> 3 -> 2 (crosses) -> 1: one notification, at the crossing.
    const low = await ofType(token, 'credits_low')
    expect(low).toHaveLength(1)
    expect(low[0]?.params).toEqual({ balance: 2, threshold: LOW_CREDITS_BELOW })
  })

  it('parallel spends cross the threshold once; a grant and another crossing raise it again', async () => {
    const { token, user } = await s.signUp()
    const db = s.db.kysely
    await grantCredits(db, { userId: user.id, amount: 15, reason: 'test', now: s.now() })
    // 20 credits, 30 spends at once: 20 succeed, exactly one of them goes from 3 to 2.
    const spends = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        spendCredits(db, { userId: user.id, amount: 1, reason: 'test', now: s.now() }),
      ),
    )
    expect(spends.filter((r) => r.status === 'fulfilled')).toHaveLength(20)
    expect(await ofType(token, 'credits_low')).toHaveLength(1)

    await grantCredits(db, { userId: user.id, amount: 4, reason: 'test', now: s.now() })
    // 4 -> 3: not below yet; 3 -> 1 crosses again.
    await spendCredits(db, { userId: user.id, amount: 1, reason: 'test', now: s.now() })
    expect(await ofType(token, 'credits_low')).toHaveLength(1)
    await spendCredits(db, { userId: user.id, amount: 2, reason: 'test', now: s.now() })
    const low = await ofType(token, 'credits_low')
    // Newest first: this crossing (3 -> 1), then the first one (3 -> 2).
    expect(low.map((n) => n.type === 'credits_low' && n.params.balance)).toEqual([1, 2])
  })

  it('a refused spend raises nothing', async () => {
    const { token, user } = await s.signUp()
    await expect(
      spendCredits(s.db.kysely, { userId: user.id, amount: 6, reason: 'test', now: s.now() }),
    ).rejects.toMatchObject({ code: 402 })
    expect(await ofType(token, 'credits_low')).toHaveLength(0)
  })

  it('refuses to store parameters that do not fit the type', () => {
    const bad: unknown[] = [
      { type: 'credits_low', params: { balance: -1, threshold: 3 } },
      { type: 'creation_ready', params: { templateId: 1, typeId: 1, name: 'x' } },
      {
        type: 'purchase_paid',
        params: { purchaseId: 1, offerId: 'x', credits: 1, amountCents: 1, currency: 'usd' },
      },
      { type: 'welcome', params: { name: 'Ann', credits: 5, title: 'Welcome, Ann' } },
      { type: 'something_else', params: {} },
    ]
    for (const e of bad) expect(() => notificationRow(1, e as never, 0)).toThrow()
    expect(notificationRow(1, { type: 'welcome', params: { name: 'Ann', credits: 5 } }, 7)).toEqual({
      user_id: 1,
      type: 'welcome',
      params: '{"name":"Ann","credits":5}',
      checked: 0,
      created_at: 7,
    })
  })

  it('a stored row whose parameters no longer read is listed as a plain message, not an error', async () => {
    const { token, user } = await s.signUp()
    await s.db.kysely
      .insertInto('notifications')
      .values({
        user_id: user.id,
        type: 'credits_low',
        params: '{"balance":"many"}',
        checked: 0,
        created_at: s.now() + 1,
      })
      .execute()
    const list = await s.call('GET', '/user/my-notification', { token })
    expect(list.code).toBe(0)
    expect(list.data[0]).toMatchObject({ type: 'message', check: 0 })
  })
})
