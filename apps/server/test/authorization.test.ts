import { type EndpointDef, endpoints } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

const required = Object.entries(endpoints as Record<string, EndpointDef>).filter(
  ([, d]) => d.auth === 'required',
)

describe.each(engines)('authorization on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it.each(required)(
    'answers 401 to %s without a token, with a revoked one and with a made-up one',
    async (_, def) => {
      const { token } = await s.signUp()
      await s.call('POST', '/user/logout', { token })
      for (const t of [undefined, token, 'made-up-token']) {
        const r = await s.call(def.method, def.path, {
          ...(t ? { token: t } : {}),
          ...(def.body ? { body: { id: 1, star: true } } : {}),
        })
        expect(r).toMatchObject({ code: 401, data: null })
      }
    },
  )

  it('shows each user only their own account and stars', async () => {
    const a = await s.signUp('Ann')
    const b = await s.signUp('Bob')
    expect((await s.call('GET', '/user/my-info', { token: a.token })).data.id).toBe(a.user.id)
    expect((await s.call('GET', '/user/my-info', { token: b.token })).data.id).toBe(b.user.id)

    const id = (await s.call('GET', '/template-type/list')).data.at(-1).id as number
    await s.call('POST', '/template-type/star', { token: b.token, body: { id, star: true } })
    // A unstarring changes only A's star: B's stays, and the count does not drop below B's.
    const aOff = await s.call('POST', '/template-type/star', { token: a.token, body: { id, star: false } })
    expect(aOff.data).toMatchObject({ starred: false, stars: 1 })
    const forB = await s.call('GET', '/template-type/list', { token: b.token })
    expect(forB.data.find((t: { id: number }) => t.id === id)).toMatchObject({ starred: true, stars: 1 })
    const forA = await s.call('GET', '/template-type/list', { token: a.token })
    expect(forA.data.find((t: { id: number }) => t.id === id)).toMatchObject({ starred: false, stars: 1 })
  })
})
