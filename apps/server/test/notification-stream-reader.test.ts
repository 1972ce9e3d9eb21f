import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readNotificationStream } from '../../web/src/live/notification-stream'
import { notificationRow } from '../src/features/notifications/notifications'
import { insertNotifications } from '../src/features/notifications/notifications.queries'
import { startServer, type TestServer } from './harness'

/**
 * The web app's stream reader (apps/web/src/live/notification-stream.ts) against the real server: two apps on
 * one database stand for two processes behind a load balancer, the first connection goes to one, the next
 * ones to the other.
 */
describe('the web app notification stream reader', () => {
  let a: TestServer
  let b: TestServer
  beforeAll(async () => {
    a = await startServer('sqlite')
    b = await a.twin()
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  const note = (userId: number, title: string) =>
    notificationRow(userId, { type: 'message', params: { title, content: '' } }, Date.now())
  // Bounded as generously as the other waits for something to happen at all: a busy machine is slow.
  const until = async (test: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms
    while (!test()) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  it('resumes on another server with Last-Event-ID after a drain, and stops for good once signed out', async () => {
    const user = await a.signUp()
    let token: string | null = user.token
    const seen: { title: string }[] = []
    const requests: { to: string; lastEventId: string | null }[] = []
    let reconnected = 0
    const controller = new AbortController()
    const balancer: typeof fetch = (input, init) => {
      const to = requests.length === 0 ? a.url : b.url
      requests.push({ to, lastEventId: new Headers(init?.headers).get('last-event-id') })
      return fetch(String(input).replace('http://balancer', to), init)
    }
    const done = readNotificationStream({
      url: 'http://balancer/api/notification/stream',
      token: () => token,
      onNotification: (n) => seen.push(n as { title: string }),
      onReconnected: () => {
        reconnected += 1
      },
      signal: controller.signal,
      minDelayMs: 20,
      fetch: balancer,
    })
    await until(() => a.parts.streams.countOf(user.user.id) === 1)
    await insertNotifications(a.db.kysely, [note(user.user.id, 'first')])
    await until(() => seen.length === 1)
    // Server a drains: the stream ends; what happens meanwhile is replayed by server b.
    await a.parts.streams.close()
    await insertNotifications(b.db.kysely, [note(user.user.id, 'while away')])
    await until(() => b.parts.streams.countOf(user.user.id) === 1)
    await until(() => seen.length === 2)
    expect(seen.map((n) => n.title)).toEqual(['first', 'while away'])
    expect(requests[1]?.lastEventId).toBe(String((seen[0] as unknown as { id: number }).id))
    expect(reconnected).toBe(1)
    // Logged out (elsewhere): the stream ends, the next connection is refused with 401 and the reader stops:
    // it has returned, with nothing left to connect again, after that one refused connection.
    expect((await b.call('POST', '/user/logout', { token: user.token })).code).toBe(0)
    await done
    expect(controller.signal.aborted).toBe(false)
    expect(requests.map((r) => r.to)).toEqual([a.url, b.url, b.url])
    token = null
  })

  it('stops at once without a token, and when aborted', async () => {
    let calls = 0
    const counting: typeof fetch = (input, init) => {
      calls += 1
      return fetch(input, init)
    }
    const options = {
      url: `${b.url}/api/notification/stream`,
      onNotification: () => {},
      fetch: counting,
    }
    await readNotificationStream({ ...options, token: () => null, signal: new AbortController().signal })
    expect(calls).toBe(0)
    const user = await b.signUp()
    const controller = new AbortController()
    const reading = readNotificationStream({ ...options, token: () => user.token, signal: controller.signal })
    await until(() => b.parts.streams.countOf(user.user.id) === 1)
    controller.abort()
    await reading
    await until(() => b.parts.streams.countOf(user.user.id) === 0)
  })
})
