import type { Creation, TemplateDetail } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, freshDb, startServer, type TestServer } from './harness'
import { allTemplates, detailOf } from './media/catalogue'

describe.each(engines)('creation names and search on %s', (engine) => {
  let s: TestServer
  let feature: TemplateDetail
  beforeAll(async () => {
    s = await startServer(engine)
    const t = (await allTemplates(s)).find((x) => x.name === 'Photo feature')
    feature = await detailOf(s, t?.id ?? (await allTemplates(s))[0]?.id ?? 0)
  })
  afterAll(() => s.close())

  const signUp = async (credits = 20) => {
    const a = await s.signUp()
    await grantCredits(s.db.kysely, { userId: a.user.id, amount: credits, reason: 'test', now: s.now() })
    return a
  }
  const create = async (token: string, values: Record<string, string>, name?: string) => {
    const r = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: feature.id, values, ...(name ? { name } : {}) },
    })
    expect(r.code, r.msg).toBe(0)
    s.advance(1000)
    return r.data
  }
  const search = async (token: string, query: Record<string, string>) => {
    const r = await s.call<Creation[]>('GET', '/creation/list', { token, query })
    expect(r.code, r.msg).toBe(0)
    return r.data.map((c) => c.name)
  }

  it('the catalogue has the headline template these tests type into', () => {
    expect(feature.fields.map((f) => f.key)).toContain('headline')
  })

  it('is named by the first text typed into it, else by its template', async () => {
    const { token } = await signUp()
    const typed = await create(token, { kicker: '  ', headline: 'Sunset   over the bay', body: 'Later' })
    expect(typed.name).toBe('Sunset over the bay')
    const untyped = await create(token, {})
    expect(untyped.name).toBe(feature.name)
    const long = await create(token, { headline: 'a'.repeat(80), body: 'b' })
    expect(long.name).toBe('a'.repeat(80))
  })

  it('finds a creation by a word typed in its headline, in any case, by its start, and not another user’s', async () => {
    const { token } = await signUp()
    await create(token, { headline: 'Golden sunset over the bay' }, 'Harbour post')
    await create(token, { headline: 'Morning coffee' }, 'Café menu')
    expect(await search(token, { q: 'Sunset' })).toEqual(['Harbour post'])
    expect(await search(token, { q: 'SUNS' })).toEqual(['Harbour post'])
    expect(await search(token, { q: 'sunset bay' })).toEqual(['Harbour post'])
    expect(await search(token, { q: 'sunset coffee' })).toEqual([])
    // Accents fold both ways.
    expect(await search(token, { q: 'cafe' })).toEqual(['Café menu'])
    expect(await search(token, { q: 'moonrise' })).toEqual([])
    const other = await signUp()
    expect(await search(other.token, { q: 'sunset' })).toEqual([])
  })

  it('finds a two-character Chinese word typed in the headline, and a single character', async () => {
    const { token } = await signUp()
    await create(token, { headline: '今晚的日落很美' }, '海边')
    await create(token, { headline: '早晨的咖啡' }, '菜单')
    expect(await search(token, { q: '日落' })).toEqual(['海边'])
    expect(await search(token, { q: '落' })).toEqual(['海边'])
    expect(await search(token, { q: '的日落很' })).toEqual(['海边'])
    expect(await search(token, { q: '咖啡' })).toEqual(['菜单'])
    expect(await search(token, { q: '月亮' })).toEqual([])
    // A pair across two words that are not next to each other is no match.
    expect(await search(token, { q: '日美' })).toEqual([])
  })

  it('a rename is found by its new name at once, checked, and only by its owner', async () => {
    const { token } = await signUp()
    const made = await create(token, { headline: 'Quiet harbour' }, 'Draft one')
    const rename = (name: unknown, t = token, id = made.id) =>
      s.call<Creation>('POST', '/creation/rename', { token: t, body: { id, name } })
    const r = await rename('  Lighthouse at dusk ')
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({ id: made.id, name: 'Lighthouse at dusk' })
    expect(await search(token, { q: 'lighthouse' })).toEqual(['Lighthouse at dusk'])
    expect(await search(token, { q: 'draft' })).toEqual([])
    // The typed text still finds it.
    expect(await search(token, { q: 'harbour' })).toEqual(['Lighthouse at dusk'])
    expect((await rename('')).msg).toBe('name: Name must not be empty')
    expect((await rename('x'.repeat(101))).msg).toBe('name: Name must be at most 100 characters')
    expect((await rename('a\u202Eb')).code).toBe(400)
    const other = await signUp()
    expect((await rename('Mine now', other.token)).code).toBe(404)
    expect((await rename('Ghost', token, 999_999_999)).code).toBe(404)
  })

  it('sorts by date either way or by name, searched or not', async () => {
    const { token } = await signUp()
    for (const name of ['banana', 'Apple', 'cherry']) await create(token, { headline: `Fruit ${name}` }, name)
    expect(await search(token, {})).toEqual(['cherry', 'Apple', 'banana'])
    expect(await search(token, { sort: 'oldest' })).toEqual(['banana', 'Apple', 'cherry'])
    expect(await search(token, { sort: 'name' })).toEqual(['Apple', 'banana', 'cherry'])
    expect(await search(token, { sort: 'name', q: 'fruit' })).toEqual(['Apple', 'banana', 'cherry'])
    const bad = await s.call('GET', '/creation/list', { token, query: { sort: 'size' } })
    expect(bad.msg).toBe('sort: sort must be newest, oldest or name')
  })

  it('a deleted creation leaves search, and its link says it was deleted to its owner only', async () => {
    const { token } = await signUp()
    const made = await create(token, { headline: 'Evening regatta' }, 'Regatta')
    expect(await search(token, { q: 'regatta' })).toEqual(['Regatta'])
    expect((await s.call('POST', '/creation/delete', { token, body: { id: made.id } })).code).toBe(0)
    expect(await search(token, { q: 'regatta' })).toEqual([])
    const gone = await s.call('GET', '/creation/detail', { token, query: { id: made.id } })
    expect(gone).toMatchObject({
      code: 404,
      msg: 'This creation was deleted',
      data: { deleted: true, deletedAt: new Date(s.now()).toISOString() },
    })
    const other = await signUp()
    const theirs = await s.call('GET', '/creation/detail', { token: other.token, query: { id: made.id } })
    expect(theirs.code).toBe(404)
    expect(theirs.msg).toBe('Creation not found')
    expect(theirs.data).toBeNull()
  })
})

describe.each(engines)('the creation search migration on %s', (engine) => {
  it('fills the search text of existing creations from their names and typed text', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0040_template_versions')
      const k = db.kysely
      const type = await k
        .insertInto('template_types')
        .values({ slug: 'posts', name: 'Posts', name_zh: '帖子', template_count: 1, sort_order: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const definition = JSON.stringify({
        fields: [
          { key: 'headline', kind: 'text' },
          { key: 'tone', kind: 'choice' },
        ],
      })
      const template = await k
        .insertInto('templates')
        .values({
          slug: 'post',
          template_type_id: type.id,
          name: 'Post',
          name_zh: '帖子',
          width: 1,
          height: 1,
          sort_order: 0,
          definition,
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await k
        .insertInto('template_versions')
        .values({ template_id: template.id, version: 1, definition, created_at: 0 })
        .onConflict((oc) => oc.columns(['template_id', 'version']).doUpdateSet({ definition }))
        .execute()
      const user = await k
        .insertInto('users')
        .values({ email: 'ann@example.com', name: 'Ann', password_hash: 'x', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await k
        .insertInto('creations')
        .values({
          user_id: user.id,
          template_id: template.id,
          template_type_id: type.id,
          template_version: 1,
          name: 'Post',
          field_values: JSON.stringify({ headline: 'Sunset 日落', tone: 'midnight' }),
          size_id: 'square',
          locale: 'en',
          width: 1,
          height: 1,
          storage_prefix: 'creations/x',
          created_at: 1,
        } as never)
        .execute()
      await migrate(db)
      const row = await k.selectFrom('creations').select('search_text').executeTakeFirstOrThrow()
      expect(row.search_text.split(' ').sort()).toEqual(['post', 'sunset', '日', '日落', '落'].sort())
    } finally {
      await drop()
    }
  })
})
