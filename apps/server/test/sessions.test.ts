import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

const DAY = 24 * 3600 * 1000
const GRACE = 60 * 1000

describe.each(engines)('sessions on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    // The defaults: 7-day tokens, 60 s of grace after rotation.
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const myInfo = (token: string) => s.call('GET', '/user/my-info', { token })

  it('hands out no fresh token in the first half of a token’s life', async () => {
    const { token } = await s.signUp()
    s.advance(3 * DAY)
    const r = await myInfo(token)
    expect(r.code).toBe(0)
    expect(r.data).not.toHaveProperty('resetToken')
  })

  it('rejects a token once its 7 days are over', async () => {
    const { token } = await s.signUp()
    s.advance(7 * DAY - 1000)
    expect((await s.call('GET', '/user/my-notification', { token })).code).toBe(0)
    s.advance(1000)
    expect(await myInfo(token)).toMatchObject({ code: 401, data: null })
  })

  it('hands out one fresh token in the second half of a token’s life; the old one works only during the grace period', async () => {
    const { token } = await s.signUp()
    s.advance(4 * DAY)
    const first = await myInfo(token)
    expect(first.code).toBe(0)
    const fresh = first.data.resetToken as string
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // Requests still carrying the old token (sent in parallel) succeed and get no further token.
    s.advance(GRACE - 1000)
    const again = await myInfo(token)
    expect(again.code).toBe(0)
    expect(again.data).not.toHaveProperty('resetToken')

    s.advance(1000)
    expect((await myInfo(token)).code).toBe(401)
    const withFresh = await myInfo(fresh)
    expect(withFresh.code).toBe(0)
    expect(withFresh.data).not.toHaveProperty('resetToken')
  })

  it('gives the fresh token a full lifetime of its own', async () => {
    const { token } = await s.signUp()
    s.advance(6 * DAY)
    const fresh = (await myInfo(token)).data.resetToken as string
    s.advance(3 * DAY)
    expect((await myInfo(fresh)).code).toBe(0)
    s.advance(4 * DAY)
    expect((await myInfo(fresh)).code).toBe(401)
  })

  it('mints exactly one fresh token when many requests with a due token arrive at once', async () => {
    const { token } = await s.signUp()
    s.advance(5 * DAY)
    const replies = await Promise.all(Array.from({ length: 10 }, () => myInfo(token)))
    expect(replies.every((r) => r.code === 0)).toBe(true)
    expect(replies.filter((r) => r.data.resetToken)).toHaveLength(1)
  })

  it('carries the fresh token on object answers only, never on lists', async () => {
    const { token } = await s.signUp()
    s.advance(4 * DAY)
    const list = await s.call('GET', '/user/my-notification', { token })
    expect(Array.isArray(list.data)).toBe(true)
    const types = await s.call('GET', '/template-type/list', { token })
    expect(Array.isArray(types.data)).toBe(true)
    const star = await s.call('POST', '/template-type/star', {
      token,
      body: { id: types.data[0].id, star: true },
    })
    expect(star.data.resetToken).toEqual(expect.any(String))
  })

  it('ends the rotated token too when the device logs out with its fresh token', async () => {
    const { token } = await s.signUp()
    s.advance(4 * DAY)
    const fresh = (await myInfo(token)).data.resetToken as string
    expect((await s.call('POST', '/user/logout', { token: fresh })).code).toBe(0)
    expect((await myInfo(fresh)).code).toBe(401)
    expect((await myInfo(token)).code).toBe(401)
  })
})
