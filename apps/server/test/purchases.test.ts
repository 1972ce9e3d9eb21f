import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PaymentRecord, recordPurchase } from '../src/features/billing/purchases'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('recording a purchase on %s', (engine) => {
  let s: TestServer
  let twin: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
    // A second server on the same database: its own connection pool on PostgreSQL (as a second process has);
    // on SQLite both share one connection, as better-sqlite3 is synchronous.
    twin = await s.twin()
  })
  afterAll(async () => {
    await twin.close()
    await s.close()
  })

  const offer = () => s.parts.offers.get('main/payment-84-9')
  const paid = (userId: number, key: string): Extract<PaymentRecord, { source: 'checkout' }> => ({
    userId,
    key,
    offer: offer(),
    source: 'checkout',
    checkoutId: null,
    outcome: 'paid',
    subscriptionId: null,
    variant: 'checkout',
    provider: 'sandbox',
    card: { brand: 'Visa', last4: '4242' },
    now: s.now(),
  })

  /** What the database holds for `key`: its purchases, its ledger rows, the user's balance and notifications. */
  async function recorded(userId: number, key: string) {
    const db = s.db.kysely
    const purchases = await db.selectFrom('purchases').selectAll().where('source_key', '=', key).execute()
    const grants = await db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute()
    const balance = await db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('sum'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    const notifications = await db
      .selectFrom('notifications')
      .select(['type', 'params'])
      .where('user_id', '=', userId)
      .where('type', '!=', 'welcome')
      .execute()
    return { purchases, grants, balance: Number(balance.sum), notifications }
  }

  it('records, grants and announces a payment once when 20 calls with its key race from two servers', async () => {
    const { user } = await s.signUp()
    const key = `test:race:${user.id}`
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? s : twin).db.kysely
          .transaction()
          .execute((tx) => recordPurchase(tx, paid(user.id, key))),
      ),
    )
    const winners = results.filter((id) => id !== undefined)
    expect(winners).toHaveLength(1)
    const r = await recorded(user.id, key)
    expect(r.purchases).toHaveLength(1)
    expect(r.purchases[0]).toMatchObject({ id: winners[0], status: 'paid', credits: 220, amount_cents: 8490 })
    expect(r.grants).toHaveLength(1)
    expect(r.grants[0]).toMatchObject({ delta: 220, reason: 'purchase', purchase_id: winners[0] })
    expect(r.balance).toBe(5 + 220)
    expect(r.notifications).toHaveLength(1)
    expect(r.notifications[0]?.type).toBe('purchase_paid')
    expect(JSON.parse(r.notifications[0]?.params ?? '{}')).toEqual({
      purchaseId: winners[0],
      offerId: 'main/payment-84-9',
      credits: 220,
      amountCents: 8490,
      currency: 'USD',
    })
  })

  it('a refused payment is recorded with its reason and grants nothing', async () => {
    const { user } = await s.signUp()
    const key = `test:declined:${user.id}`
    const id = await s.db.kysely
      .transaction()
      .execute((tx) => recordPurchase(tx, { ...paid(user.id, key), outcome: 'declined' }))
    const r = await recorded(user.id, key)
    expect(r.purchases).toMatchObject([{ id, status: 'failed', credits: 0 }])
    expect(r.grants).toHaveLength(0)
    expect(r.balance).toBe(5)
    expect(r.notifications.map((n) => [n.type, JSON.parse(n.params).reason])).toEqual([
      ['purchase_failed', 'declined'],
    ])
  })

  it('a renewal is announced with the period it pays for, at the price the provider charged', async () => {
    const { user } = await s.signUp()
    const key = `test:renewal:${user.id}`
    const periodEnd = Date.UTC(2027, 0, 31)
    await s.db.kysely.transaction().execute((tx) =>
      recordPurchase(tx, {
        ...paid(user.id, key),
        offer: s.parts.offers.get('main/subscription-49-9'),
        source: 'renewal',
        outcome: 'paid',
        periodEnd,
        charged: { amountCents: 4500, currency: 'EUR' },
      }),
    )
    const r = await recorded(user.id, key)
    expect(r.purchases).toMatchObject([
      { source: 'renewal', amount_cents: 4500, currency: 'EUR', credits: 125 },
    ])
    expect(r.grants).toMatchObject([{ delta: 125, reason: 'subscription' }])
    expect(r.notifications.map((n) => [n.type, JSON.parse(n.params).periodEnd])).toEqual([
      ['subscription_renewed', new Date(periodEnd).toISOString()],
    ])
  })

  it('refuses to run outside a transaction, where a crash could leave a purchase without its credits', async () => {
    const { user } = await s.signUp()
    await expect(recordPurchase(s.db.kysely, paid(user.id, `test:bare:${user.id}`))).rejects.toThrow(
      /inside the transaction/,
    )
  })
})
