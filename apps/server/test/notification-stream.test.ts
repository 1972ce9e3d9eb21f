import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationRow } from '../src/features/notifications/notifications'
import { insertNotifications } from '../src/features/notifications/notifications.queries'
import { engines, startServer, type TestServer } from './harness'
import { type HeldStream, holdStream, refusal } from './sse-client'

const PAYS = '4242 4242 4242 4242'
const card = { cardNumber: PAYS, expiry: '12/39', cvc: '123' }

describe.each(engines)('notification stream on %s', (engine) => {
  let s: TestServer
  /** A second app on the same database (own pool and LISTEN connection on PostgreSQL). */
  let twin: TestServer
  const held: HeldStream[] = []
  const hold = async (...args: Parameters<typeof holdStream>) => {
    const h = await holdStream(...args)
    held.push(h)
    return h
  }

  beforeAll(async () => {
    s = await startServer(engine, { STREAM_LIMIT_PER_USER: '3', STREAM_HEARTBEAT_SECONDS: '1' })
    twin = await s.twin()
  })
  afterAll(async () => {
    for (const h of held) h.close()
    await twin.close()
    await s.close()
  })

  async function buyCredits(on: TestServer, token: string) {
    const c = await on.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'main/payment-49-9', variant: 'checkout' },
    })
    expect(c.code, c.msg).toBe(0)
    const paid = await on.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: c.data.checkoutId, ...card },
    })
    expect(paid.code, paid.msg).toBe(0)
  }

  const note = (userId: number, title: string) =>
    notificationRow(userId, { type: 'message', params: { title, content: '' } }, Date.now())

  it('refuses without a session, with an unknown token and with a malformed Last-Event-ID, in the envelope', async () => {
    const anon = await refusal(s.url, undefined)
    expect(anon.contentType).toMatch(/^application\/json/)
    expect(anon.body.code).toBe(401)
    expect((await refusal(s.url, 'not-a-token')).body.code).toBe(401)
    const { token } = await s.signUp()
    const bad = await refusal(s.url, token, { 'last-event-id': 'abc' })
    expect(bad.body).toMatchObject({ code: 400, msg: 'Last-Event-ID: Send a notification id' })
  })

  it("delivers a purchase raised on one server to every open stream of that user on the other, and to nobody else's", async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const tab1 = await hold(twin.url, a.token)
    const tab2 = await hold(s.url, a.token)
    const other = await hold(twin.url, b.token)
    expect(tab1.status).toBe(200)
    expect(tab1.contentType).toMatch(/^text\/event-stream/)
    // A fresh stream starts after the user's newest notification: the welcome is not sent again.
    // The only way there is the signal (no polling); how soon is bench/stream.bench.ts's to measure.
    await buyCredits(s, a.token)
    const [e1] = await tab1.waitForEvents(1)
    const [e2] = await tab2.waitForEvents(1)
    for (const e of [e1, e2]) {
      expect(e?.event).toBe('notification')
      const n = JSON.parse(e?.data ?? '{}')
      expect(n).toMatchObject({ type: 'purchase_paid', check: 0 })
      expect(e?.id).toBe(String(n.id))
    }
    // The list says the same as the stream (one converter for both).
    const list = await s.call('GET', '/user/my-notification', { token: a.token, query: { check: '0' } })
    expect(list.data[0]).toEqual(JSON.parse(e1?.data ?? '{}'))
    // Another user's notification reaches neither of a's tabs; b's stream saw nothing of a's. The servers hear
    // the writes in the order they were made and a stream sends in that order, so a notification sent to the
    // wrong user would arrive before that user's own later one: each stream's events, up to a later one of its
    // own, are its own.
    await insertNotifications(twin.db.kysely, [note(b.user.id, 'for b')])
    await insertNotifications(s.db.kysely, [note(a.user.id, 'for a')])
    await insertNotifications(twin.db.kysely, [note(b.user.id, 'for b again')])
    const titles = (h: HeldStream) => h.events.map((e) => JSON.parse(e.data).title)
    for (const tab of [tab1, tab2]) {
      await tab.waitForEvents(2)
      expect(titles(tab)).toEqual(['Payment received', 'for a'])
    }
    await other.waitForEvents(2)
    expect(titles(other)).toEqual(['for b', 'for b again'])
  })

  it('replays the notifications after Last-Event-ID, oldest first, then goes on live', async () => {
    const a = await s.signUp()
    const first = await hold(s.url, a.token)
    await insertNotifications(s.db.kysely, [note(a.user.id, 'one')])
    const [one] = await first.waitForEvents(1)
    first.close()
    // Missed while away, written by the other server.
    await insertNotifications(twin.db.kysely, [note(a.user.id, 'two'), note(a.user.id, 'three')])
    const again = await hold(twin.url, a.token, { lastEventId: one?.id })
    const replayed = await again.waitForEvents(2)
    expect(replayed.map((e) => JSON.parse(e.data).title)).toEqual(['two', 'three'])
    expect(Number(replayed[0]?.id)).toBeGreaterThan(Number(one?.id))
    await insertNotifications(s.db.kysely, [note(a.user.id, 'four')])
    const all = await again.waitForEvents(3)
    expect(JSON.parse(all[2]?.data ?? '{}').title).toBe('four')
    // From 0: everything the user has, the welcome first.
    const fromStart = await hold(s.url, a.token, { lastEventId: '0' })
    const everything = await fromStart.waitForEvents(5)
    expect(everything.map((e) => JSON.parse(e.data).type)[0]).toBe('welcome')
  })

  it('closes the stream when its session is logged out, also on the other server', async () => {
    const a = await s.signUp()
    const login = await s.call('POST', '/user/login', { body: { email: a.email, password: a.password } })
    const second = login.data.token as string
    const here = await hold(s.url, a.token)
    const there = await hold(twin.url, a.token)
    const otherSession = await hold(twin.url, second)
    expect((await twin.call('POST', '/user/logout', { token: a.token })).code).toBe(0)
    await Promise.all([here.ended, there.ended])
    // The same user's other session keeps its stream: a notification written after the logout reaches it.
    await insertNotifications(s.db.kysely, [note(a.user.id, 'after the logout')])
    const [kept] = await otherSession.waitForEvents(1)
    expect(JSON.parse(kept?.data ?? '{}')).toMatchObject({ title: 'after the logout' })
    expect(otherSession.isEnded()).toBe(false)
    expect((await refusal(s.url, a.token)).body.code).toBe(401)
  })

  it('sends a heartbeat comment on the interval and ends the stream once its session has expired', async () => {
    const a = await s.signUp()
    const h = await hold(s.url, a.token)
    await h.waitForComment('ping')
    expect(h.isEnded()).toBe(false)
    s.advance(8 * 24 * 3600 * 1000)
    try {
      // Waited for at most as long as an event is (the clock goes back either way).
      await Promise.race([
        h.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 10_000)),
      ])
    } finally {
      s.advance(-8 * 24 * 3600 * 1000)
    }
  })

  it('caps the open streams of one user and lets a new one in once a tab goes away', async () => {
    const a = await s.signUp()
    const tabs = [await hold(s.url, a.token), await hold(s.url, a.token), await hold(s.url, a.token)]
    const over = await refusal(s.url, a.token)
    expect(over.body).toMatchObject({ code: 429, data: { retryAfterSeconds: 30 } })
    expect(over.retryAfter).toBe('30')
    // The cap is per process: the other server still takes one.
    expect((await hold(twin.url, a.token)).status).toBe(200)
    expect(s.parts.streams.countOf(a.user.id)).toBe(3)
    tabs[0]?.close()
    await expect.poll(() => s.parts.streams.countOf(a.user.id), { timeout: 10_000 }).toBe(2)
    const next = await hold(s.url, a.token)
    expect(next.contentType).toMatch(/^text\/event-stream/)
  })

  it('ends every stream when the server drains, and refuses new ones meanwhile', async () => {
    const own = await s.twin()
    const a = await s.signUp()
    const h = await hold(own.url, a.token)
    await own.parts.streams.close()
    await h.ended
    const r = await refusal(own.url, a.token)
    expect(r.status).toBe(503)
    expect(r.retryAfter).toBe('1')
    await own.close()
  })
})
