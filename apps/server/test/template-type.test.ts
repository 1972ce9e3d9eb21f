import { loadCatalogue } from '@templet/catalogue'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppParts } from '../src/app'
import { loadConfig } from '../src/config'
import { migrate } from '../src/db/migrations'
import { DEMO_ACCOUNT, seedDemoAccount } from '../src/features/accounts/demo'
import { seedCatalogue } from '../src/features/templates/catalogue'
import { TemplateTypes } from '../src/features/templates/template-types'
import { engines, freshDb, startServer, type TestServer, testEnv } from './harness'

type Type = {
  id: number
  slug: string
  name: string
  names: { en: string; 'zh-CN': string }
  starred: boolean
  stars: number
  templateCount: number
}

/** The catalogue's types that hold templates, in catalogue order, with their template counts. */
function listedTypes() {
  const { types, templates } = loadCatalogue()
  return [...types]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((t) => ({
      slug: t.id,
      names: t.name,
      templateCount: templates.filter((x) => x.typeId === t.id).length,
    }))
    .filter((t) => t.templateCount > 0)
}

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
    const expected = listedTypes()
    expect(expected.length).toBeGreaterThan(0)
    expect(r.data.map((t) => ({ slug: t.slug, names: t.names, templateCount: t.templateCount }))).toEqual(
      expected,
    )
    expect(r.data.map((t) => t.name)).toEqual(expected.map((t) => t.names.en))
    expect(r.total).toBe(expected.length)
    expect(r.data.every((t) => !t.starred && t.stars === 0)).toBe(true)
  })

  it('answers 401 to the list when the token sent is not valid', async () => {
    expect((await s.call('GET', '/template-type/list', { token: 'expired-or-made-up' })).code).toBe(401)
  })

  it('stars and unstars a type idempotently, per user, with the star count', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const id = (await list()).data.at(-1)?.id as number
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

  // 300 requests at once: enough to interleave every check-then-act, few enough that a busy machine's accept
  // queue does not reset connections (1,000 did, under a load average of 30).
  it('counts 300 concurrent star requests from 60 users, each repeated 5 times, as exactly 60 stars', async () => {
    const users = await Promise.all(Array.from({ length: 60 }, () => s.signUp()))
    const id = (await list()).data[0]?.id as number
    const before = (await list()).data.find((t) => t.id === id)?.stars ?? 0
    const replies = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 5 }, () =>
          s.call('POST', '/template-type/star', { token: u.token, body: { id, star: true } }),
        ),
      ),
    )
    expect(replies.every((r) => r.code === 0 && r.data.starred)).toBe(true)
    expect((await list()).data.find((t) => t.id === id)?.stars).toBe(before + 60)
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
        await seedDemoAccount(db.kysely, createAppParts({ db, config }), Date.now)
      }
      const types = await db.kysely.selectFrom('template_types').select('slug').execute()
      expect(types).toHaveLength(loadCatalogue().types.length)
      const templates = await db.kysely.selectFrom('templates').select('slug').execute()
      expect(templates).toHaveLength(loadCatalogue().templates.length)
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
      expect(notes).toHaveLength(9)
    } finally {
      await drop()
    }
  })
})

describe.each(engines)('catalogue changes on %s', (engine) => {
  it('hides a template that left the catalogue and a type left without templates, keeping the counts right', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db)
      const full = loadCatalogue()
      await seedCatalogue(db.kysely, full)
      const gone = full.templates[0]
      if (!gone) throw new Error('empty catalogue')
      const sameType = full.templates.filter((t) => t.typeId === gone.typeId)
      // Drop every template of the first template's type, and one more of another type.
      const other = full.templates.find((t) => t.typeId !== gone.typeId)
      const kept = full.templates.filter((t) => t.typeId !== gone.typeId && t !== other)
      await seedCatalogue(db.kysely, { types: full.types, templates: kept })
      const rows = await new TemplateTypes(db.kysely, Date.now).list(null)
      expect(rows.find((t) => t.slug === gone.typeId)).toBeUndefined()
      if (other) {
        const otherType = rows.find((t) => t.slug === other.typeId)
        const expected = kept.filter((t) => t.typeId === other.typeId).length
        if (expected > 0) expect(otherType?.templateCount).toBe(expected)
        else expect(otherType).toBeUndefined()
      }
      const active = await db.kysely.selectFrom('templates').select('slug').where('active', '=', 1).execute()
      expect(active.map((r) => r.slug).sort()).toEqual(kept.map((t) => t.id).sort())
      expect(sameType.length).toBeGreaterThan(0)
      // Back in the catalogue: shown again under the same id.
      const before = await db.kysely.selectFrom('templates').select(['id', 'slug']).orderBy('id').execute()
      await seedCatalogue(db.kysely, full)
      const after = await db.kysely.selectFrom('templates').select(['id', 'slug']).orderBy('id').execute()
      expect(after).toEqual(before)
      expect((await new TemplateTypes(db.kysely, Date.now).list(null)).length).toBe(listedTypes().length)
    } finally {
      await drop()
    }
  })
})
