import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodEnd } from '../src/features/billing/subscriptions'
import { engines, startServer, type TestServer } from './harness'

const card = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }

describe.each(engines)('subscriptions on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // Tokens outlive the months these tests move the clock through (a year's test signs in again).
    s = await startServer(engine, { SESSION_TTL_SECONDS: String(365 * 24 * 3600) })
  })
  afterAll(async () => {
    await s.close()
  })

  async function subscribe(server: TestServer, offerId = 'main/subscription-49-9') {
    const { token, user, email, password } = await server.signUp()
    const c = await server.call('POST', '/checkout/create', { token, body: { offerId, variant: 'checkout' } })
    expect(c.code, c.msg).toBe(0)
    const p = await server.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: c.data.checkoutId, ...card },
    })
    expect(p.data.status).toBe('paid')
    return { token, userId: user.id as number, email, password }
  }
  const signIn = async (email: string, password: string) =>
    (await s.call('POST', '/user/login', { body: { email, password } })).data.token as string
  const current = async (token: string) => (await s.call('GET', '/subscription/current', { token })).data
  const grants = async (server: TestServer, userId: number) =>
    (
      await server.db.kysely
        .selectFrom('credit_ledger')
        .select(['delta', 'idempotency_key'])
        .where('user_id', '=', userId)
        .where('reason', '=', 'subscription')
        .execute()
    ).map((r) => r.idempotency_key)
  /** Moves a server's clock to just after `ms`. */
  const moveTo = (server: TestServer, ms: number) => server.advance(ms + 1 - server.now())

  it('buying a subscription grants the first month and shows in my-info and subscription/current', async () => {
    const { token } = await subscribe(s)
    const sub = await current(token)
    expect(sub).toMatchObject({
      offerId: 'main/subscription-49-9',
      tier: '49-9',
      credits: 125,
      status: 'active',
      cancelAtPeriodEnd: false,
      nextOfferId: null,
      provider: 'sandbox',
    })
    const me = await s.call('GET', '/user/my-info', { token })
    expect(me.data.credits).toBe(130)
    expect(me.data.subscription).toMatchObject({
      tier: '49-9',
      status: 'active',
      currentPeriodEnd: sub.currentPeriodEnd,
      offerId: 'main/subscription-49-9',
    })
    const second = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'promo/subscription-84-9', variant: 'checkout' },
    })
    expect(second.code).toBe(409)
    const none = await s.signUp()
    expect(await current(none.token)).toBeNull()
    expect((await s.call('POST', '/subscription/cancel', { token: none.token })).code).toBe(404)
  })

  it('20 payments of one subscription checkout at once start one subscription and grant one month', async () => {
    const { token, user } = await s.signUp()
    const c = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'main/subscription-84-9', variant: 'checkout1' },
    })
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call('POST', '/checkout/pay', { token, body: { checkoutId: c.data.checkoutId, ...card } }),
      ),
    )
    expect(replies.map((r) => [r.code, r.data.status])).toEqual(Array(20).fill([0, 'paid']))
    expect(new Set(replies.map((r) => r.data.purchase.id)).size).toBe(1)
    const subs = await s.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(subs).toHaveLength(1)
    expect(await grants(s, user.id)).toHaveLength(1)
    expect((await s.call('GET', '/user/my-info', { token })).data.credits).toBe(280)
  })

  it('two subscription checkouts paid at once start one subscription; the other is refused before charging', async () => {
    const { token, user } = await s.signUp()
    const open = async (offerId: string) =>
      (await s.call('POST', '/checkout/create', { token, body: { offerId, variant: 'checkout' } })).data
        .checkoutId
    const ids = [await open('main/subscription-49-9'), await open('promo/subscription-139-9')]
    const replies = await Promise.all(
      ids.map((checkoutId) => s.call('POST', '/checkout/pay', { token, body: { checkoutId, ...card } })),
    )
    expect(replies.map((r) => r.code).sort()).toEqual([0, 409])
    const subs = await s.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
    expect(subs).toHaveLength(1)
    expect(await grants(s, user.id)).toHaveLength(1)
    const charged = await s.db.kysely
      .selectFrom('checkouts')
      .select('status')
      .where('user_id', '=', user.id)
      .orderBy('status')
      .execute()
    expect(charged.map((c) => c.status)).toEqual(['open', 'paid'])
  })

  it('cancel keeps it to the period end, resume undoes it, and at the end a cancelled one stops', async () => {
    const { token, userId } = await subscribe(s)
    const cancelled = await s.call('POST', '/subscription/cancel', { token })
    expect(cancelled.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect((await s.call('POST', '/subscription/cancel', { token })).data.cancelAtPeriodEnd).toBe(true)
    const me = await s.call('GET', '/user/my-info', { token })
    expect(me.data.subscription.status).toBe('canceling')
    const notes = await s.call('GET', '/user/my-notification', { token })
    expect(notes.data.filter((n: { type: string }) => n.type === 'subscription_cancelled')).toHaveLength(1)

    const resumed = await s.call('POST', '/subscription/resume', { token })
    expect(resumed.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
    await s.call('POST', '/subscription/cancel', { token })

    moveTo(s, Date.parse(cancelled.data.currentPeriodEnd))
    await s.parts.subscriptions.runDueRenewals()
    expect(await current(token)).toBeNull()
    expect(await grants(s, userId)).toHaveLength(1)
    expect((await s.call('GET', '/user/my-info', { token })).data.subscription).toBeNull()
  })

  it('switching tier takes effect at the next period, without proration', async () => {
    const { token, userId } = await subscribe(s)
    const bad = await s.call('POST', '/subscription/switch', {
      token,
      body: { offerId: 'main/payment-139-9' },
    })
    expect(bad.code).toBe(400)
    const switched = await s.call('POST', '/subscription/switch', {
      token,
      body: { offerId: 'main/subscription-139-9' },
    })
    expect(switched.data).toMatchObject({
      offerId: 'main/subscription-49-9',
      nextOfferId: 'main/subscription-139-9',
    })
    expect((await s.call('GET', '/user/my-info', { token })).data.credits).toBe(130)

    moveTo(s, Date.parse(switched.data.currentPeriodEnd))
    await s.parts.subscriptions.runDueRenewals()
    expect(await current(token)).toMatchObject({
      offerId: 'main/subscription-139-9',
      nextOfferId: null,
      credits: 500,
    })
    expect((await s.call('GET', '/user/my-info', { token })).data.credits).toBe(630)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data[0]).toMatchObject({
      offerId: 'main/subscription-139-9',
      amount: 139.9,
      source: 'renewal',
    })
    expect(await grants(s, userId)).toHaveLength(2)
  })

  it('a failed renewal marks it past due, grants nothing and tells the customer', async () => {
    const { token, userId } = await subscribe(s)
    const sub = await current(token)
    await s.db.kysely
      .updateTable('subscriptions')
      .set({ card_outcome: 'insufficient_funds' })
      .where('id', '=', sub.id)
      .execute()
    moveTo(s, Date.parse(sub.currentPeriodEnd))
    await s.parts.subscriptions.runDueRenewals()
    expect(await current(token)).toMatchObject({ status: 'past_due' })
    expect((await s.call('GET', '/user/my-info', { token })).data.subscription.status).toBe('past_due')
    expect(await grants(s, userId)).toHaveLength(1)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data[0]).toMatchObject({ status: 'failed', credits: 0, source: 'renewal' })
    const notes = await s.call('GET', '/user/my-notification', { token })
    expect(notes.data[0].type).toBe('purchase_failed')
  })

  it('12 months of renewals grant exactly 12 times with two schedulers racing on one database', async () => {
    const twin = await s.twin()
    try {
      moveTo(twin, s.now())
      const { token: first, userId, email, password } = await subscribe(s)
      const sub = await current(first)
      const anchor = Date.parse(sub.currentPeriodStart)
      for (let month = 1; month <= 12; month += 1) {
        const end = periodEnd(anchor, month)
        moveTo(s, end)
        moveTo(twin, end)
        await Promise.all([
          s.parts.subscriptions.runDueRenewals(),
          twin.parts.subscriptions.runDueRenewals(),
          s.parts.subscriptions.runDueRenewals(),
          twin.parts.subscriptions.runDueRenewals(),
        ])
      }
      const token = await signIn(email, password)
      const keys = await grants(s, userId)
      expect(keys).toHaveLength(13)
      expect(new Set(keys).size).toBe(13)
      expect((await s.call('GET', '/user/my-info', { token })).data.credits).toBe(5 + 13 * 125)
      const renewed = await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })
      expect(renewed.data.filter((n: { type: string }) => n.type === 'subscription_renewed')).toHaveLength(12)
      expect(await current(token)).toMatchObject({
        currentPeriodEnd: new Date(periodEnd(anchor, 13)).toISOString(),
      })
    } finally {
      await twin.close()
    }
  })

  it('a year due at once is renewed 12 times by racing schedulers, and a restart in between changes nothing', async () => {
    const { token, userId } = await subscribe(s)
    const anchor = Date.parse((await current(token)).currentPeriodStart)
    // Six months pass while two processes run; one of them stops, and a new one starts for the next six.
    const first = await s.twin()
    const second = await s.twin()
    moveTo(first, periodEnd(anchor, 6))
    moveTo(second, periodEnd(anchor, 6))
    await Promise.all([
      first.parts.subscriptions.runDueRenewals(),
      second.parts.subscriptions.runDueRenewals(),
    ])
    await first.close()
    expect(await grants(s, userId)).toHaveLength(7)
    const restarted = await s.twin()
    moveTo(restarted, periodEnd(anchor, 12))
    moveTo(second, periodEnd(anchor, 12))
    await Promise.all([
      restarted.parts.subscriptions.runDueRenewals(),
      second.parts.subscriptions.runDueRenewals(),
    ])
    await Promise.all([
      restarted.parts.subscriptions.runDueRenewals(),
      second.parts.subscriptions.runDueRenewals(),
    ])
    await restarted.close()
    await second.close()
    expect(await grants(s, userId)).toHaveLength(13)
  })

  it('a subscription whose offer left the configuration does not hold up the others', async () => {
    const broken = await subscribe(s)
    const fine = await subscribe(s)
    const brokenSub = await current(broken.token)
    await s.db.kysely
      .updateTable('subscriptions')
      .set({ offer_id: 'retired/subscription-49-9' })
      .where('id', '=', brokenSub.id)
      .execute()
    moveTo(s, Date.parse(brokenSub.currentPeriodEnd) + 1000)
    await s.parts.subscriptions.runDueRenewals()
    expect(await grants(s, fine.userId)).toHaveLength(2)
    expect(await grants(s, broken.userId)).toHaveLength(1)
  })
})
