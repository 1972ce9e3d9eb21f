import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppParts } from '../src/app'
import { loadConfig } from '../src/config'
import { migrate } from '../src/db/migrations'
import { seedCatalogue, TEMPLATE_TYPES } from '../src/services/catalogue'
import { DEMO_ACCOUNT, seedDemoAccount } from '../src/services/demo'
import { engines, freshDb, startServer, type TestServer, testEnv } from './harness'

type Type = { id: number; name: string; starred: boolean; stars: number; templateCount: number }

describe.each(engines)('template types on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const list = async (token?: string) => {
    const r = await s.call<Type[]>('GET', '/template-type/list', token ? { token } : {})
    expect(r.code).toBe(0)
    return r
  }

  it('lists the seeded catalogue to anyone, with the total', async () => {
    const r = await list()
    expect(r.data.map((t) => t.name)).toEqual(TEMPLATE_TYPES.map((t) => t.name))
    expect(r.total).toBe(TEMPLATE_TYPES.length)
    expect(r.data.every((t) => !t.starred && t.stars === 0 && t.templateCount === 0)).toBe(true)
  })

  it('answers 401 to the list when the token sent is not valid', async () => {
    expect((await s.call('GET', '/template-type/list', { token: 'expired-or-made-up' })).code).toBe(401)
  })

  it('stars and unstars a type idempotently, per user, with the star count', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const id = (await list()).data[2]?.id as number
    const star = (token: string, on: boolean) =>
      s.call('POST', '/template-type/star', { token, body: { id, star: on } })

    expect((await star(a.token, true)).data).toEqual({ id, starred: true, stars: 1 })
    expect((await star(a.token, true)).data).toEqual({ id, starred: true, stars: 1 })
    expect((await star(b.token, true)).data).toEqual({ id, starred: true, stars: 2 })

    const forA = (await list(a.token)).data.find((t) => t.id === id)
    expect(forA).toMatchObject({ starred: true, stars: 2 })
    const anonymous = (await list()).data.find((t) => t.id === id)
    expect(anonymous).toMatchObject({ starred: false, stars: 2 })

    expect((await star(a.token, false)).data).toEqual({ id, starred: false, stars: 1 })
    expect((await star(a.token, false)).data).toEqual({ id, starred: false, stars: 1 })
    expect((await list(a.token)).data.find((t) => t.id === id)?.starred).toBe(false)
    expect((await list(b.token)).data.find((t) => t.id === id)?.starred).toBe(true)
  })

  it('answers 404 when starring a type that does not exist and 400 for a bad body', async () => {
    const { token } = await s.signUp()
    expect(
      (await s.call('POST', '/template-type/star', { token, body: { id: 9999, star: true } })).code,
    ).toBe(404)
    const huge = await s.call('POST', '/template-type/star', { token, body: { id: 2 ** 40, star: true } })
    expect(huge.code).toBe(404)
    const bad = await s.call('POST', '/template-type/star', { token, body: { id: 1, star: 'yes' } })
    expect(bad).toMatchObject({ code: 400, msg: 'star: star must be true or false' })
    const missing = await s.call('POST', '/template-type/star', { token, body: { id: 1 } })
    expect(missing.msg).toBe('star: star must be true or false')
    expect((await s.call('POST', '/template-type/star', { body: { id: 1, star: true } })).code).toBe(401)
  })

  it('counts 1000 concurrent star requests from 100 users, each repeated 10 times, as exactly 100 stars', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => s.signUp()))
    const id = (await list()).data[0]?.id as number
    const replies = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 10 }, () =>
          s.call('POST', '/template-type/star', { token: u.token, body: { id, star: true } }),
        ),
      ),
    )
    expect(replies.every((r) => r.code === 0 && r.data.starred)).toBe(true)
    expect((await list()).data.find((t) => t.id === id)?.stars).toBe(100)
  })
})

describe.each(engines)('seeding on %s', (engine) => {
  it('seeds the catalogue and the demo account once, however often the server starts', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db)
      await migrate(db)
      const config = loadConfig({ ...testEnv(), DEMO_DATA: '1' })
      for (let i = 0; i < 2; i++) {
        await seedCatalogue(db.kysely)
        const { accounts } = createAppParts({ db, config })
        await seedDemoAccount(db.kysely, accounts, Date.now)
      }
      const types = await db.kysely.selectFrom('template_types').select('slug').execute()
      expect(types).toHaveLength(TEMPLATE_TYPES.length)
      const demo = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNT.email)
        .execute()
      expect(demo).toHaveLength(1)
      const notes = await db.kysely
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', demo[0]?.id as number)
        .execute()
      expect(notes).toHaveLength(5)
    } finally {
      await drop()
    }
  })
})
