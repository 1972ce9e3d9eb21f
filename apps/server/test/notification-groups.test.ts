import type { Notification } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, startServer, type TestServer } from './harness'
import { holdStream } from './sse-client'

const PAYS = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }
const HOUR = 3_600_000

describe.each(engines)('notifications that stay true on %s', (engine) => {
  let s: TestServer
  /** A second server on the same database (its own pool on PostgreSQL, its own connection on SQLite). */
  let twin: TestServer
  let templateId: number
  beforeAll(async () => {
    s = await startServer(engine, { SESSION_TTL_SECONDS: String(365 * 24 * 3600) })
    twin = await s.twin()
    templateId = Number(
      (
        await s.db.kysely
          .selectFrom('templates')
          .select('id')
          .where('slug', '=', 'sale-banner')
          .executeTakeFirstOrThrow()
      ).id,
    )
  })
  afterAll(async () => {
    await twin.close()
    await s.close()
  })

  const notes = async (token: string): Promise<Notification[]> =>
    (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })).data
  const ofType = async (token: string, type: Notification['type']) =>
    (await notes(token)).filter((n) => n.type === type)
  const unread = async (token: string) =>
    (await s.call('GET', '/user/my-notification', { token, query: { check: '0' } })).total
  const create = (on: TestServer, token: string, name: string) =>
    on.call('POST', '/creation/create', { token, body: { templateId, values: {}, name } })

  it('creations made at once from two servers in one hour are one notification with the right count', async () => {
    const { token, user } = await s.signUp()
    await grantCredits(s.db.kysely, { userId: user.id, amount: 20, reason: 'test', now: s.now() })
    twin.advance(s.now() - twin.now())
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(i % 2 === 0 ? s : twin, token, `Poster ${i + 1}`)),
    )
    expect(made.map((r) => r.code)).toEqual(Array(8).fill(0))
    const ready = await ofType(token, 'creation_ready')
    expect(ready).toHaveLength(1)
    expect(ready[0]?.params).toMatchObject({ count: 8 })
    // It names one of them: the last stored.
    const names = made.map((r) => r.data.name)
    expect(names).toContain(ready[0]?.type === 'creation_ready' && ready[0].params.name)
  })

  it('a grouped notification rises as new and unread with each creation; the next hour starts another', async () => {
    const { token } = await s.signUp()
    expect((await create(s, token, 'One')).code).toBe(0)
    const [first] = await ofType(token, 'creation_ready')
    await s.call('POST', '/notification/read-all', { token })
    expect(await unread(token)).toBe(0)

    const stream = await holdStream(s.url, token)
    try {
      expect((await create(s, token, 'Two')).code).toBe(0)
      const [second] = await ofType(token, 'creation_ready')
      // Replaced: a new id above the old one, unread again, at the top of the list, counting both.
      expect(second?.id).toBeGreaterThan(first?.id ?? Number.POSITIVE_INFINITY)
      expect(second).toMatchObject({ check: 0, params: { name: 'Two', count: 2 } })
      expect((await notes(token))[0]?.id).toBe(second?.id)
      expect(await unread(token)).toBe(1)
      // The live stream hears the update as a new event.
      const [heard] = await stream.waitForEvents(1)
      expect(heard?.id).toBe(String(second?.id))
    } finally {
      stream.close()
    }

    s.advance(HOUR)
    expect((await create(s, token, 'Three')).code).toBe(0)
    const ready = await ofType(token, 'creation_ready')
    expect(ready.map((n) => n.type === 'creation_ready' && [n.params.name, n.params.count ?? 1])).toEqual([
      ['Three', 1],
      ['Two', 2],
    ])
  })

  it('a resumed subscription replaces "cancelled" and says it resumed, at once from two servers too', async () => {
    const { token } = await s.signUp()
    const c = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'main/subscription-49-9', variant: 'checkout' },
    })
    await s.call('POST', '/checkout/pay', { token, body: { checkoutId: c.data.checkoutId, ...PAYS } })
    const sub = (await s.call('GET', '/subscription/current', { token })).data
    const states = async () =>
      (await notes(token))
        .filter((n) => n.type === 'subscription_cancelled' || n.type === 'subscription_resumed')
        .map((n) => n.type)

    await Promise.all([
      s.call('POST', '/subscription/cancel', { token }),
      twin.call('POST', '/subscription/cancel', { token }),
    ])
    expect(await states()).toEqual(['subscription_cancelled'])

    await Promise.all([
      s.call('POST', '/subscription/resume', { token }),
      twin.call('POST', '/subscription/resume', { token }),
    ])
    expect(await states()).toEqual(['subscription_resumed'])
    const [resumed] = await ofType(token, 'subscription_resumed')
    expect(resumed).toMatchObject({
      title: 'Subscription resumed',
      check: 0,
      params: { offerId: 'main/subscription-49-9', periodEnd: sub.currentPeriodEnd },
    })

    // Changing one's mind again: still one notification, saying how things stand.
    await s.call('POST', '/subscription/cancel', { token })
    expect(await states()).toEqual(['subscription_cancelled'])
  })

  it('a notification about a deleted creation leads to a page that says it was deleted', async () => {
    const { token } = await s.signUp()
    const made = await create(s, token, 'Short-lived')
    const [note] = await ofType(token, 'creation_ready')
    const id = note?.type === 'creation_ready' ? note.params.creationId : 0
    expect(id).toBe(made.data.id)
    await s.call('POST', '/creation/delete', { token, body: { id } })
    const detail = await s.call('GET', '/creation/detail', { token, query: { id } })
    expect(detail).toMatchObject({ code: 404, msg: 'This creation was deleted', data: { deleted: true } })
  })
})
