import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)("a template's version history on %s", (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const catalogueId = async () => {
    const list = await s.call('GET', '/template/list', { query: { q: 'bold quote', pageSize: 100 } })
    const row = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === 'bold-quote')
    if (!row) throw new Error('bold-quote is not listed')
    return row.id
  }

  it('lists the versions of an own template latest first, a page at a time; an old one opens and is restored as the next', async () => {
    const owner = await s.signUp()
    const copy = await s.call('POST', '/template/duplicate', {
      token: owner.token,
      body: { id: await catalogueId() },
    })
    const id = (copy.data as { id: number }).id
    const first = (await s.call('GET', '/template/document', { token: owner.token, query: { id } })).data as {
      document: Record<string, unknown>
    }
    for (const [n, name] of [
      [1, 'Second'],
      [2, 'Third'],
    ] as const) {
      const saved = await s.call('POST', '/template/save', {
        token: owner.token,
        body: { id, baseVersion: n, name, document: first.document },
      })
      expect(saved).toMatchObject({ code: 0, data: { version: n + 1 } })
    }
    const all = await s.call('GET', '/template/versions', { token: owner.token, query: { id } })
    expect(all).toMatchObject({ code: 0, total: 3 })
    const versions = all.data as Array<{ version: number; createdAt: string; bytes: number }>
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1])
    for (const v of versions) {
      expect(Number.isNaN(Date.parse(v.createdAt))).toBe(false)
      expect(v.bytes).toBeGreaterThan(100)
    }
    const page2 = await s.call('GET', '/template/versions', {
      token: owner.token,
      query: { id, page: 2, pageSize: 2 },
    })
    expect((page2.data as Array<{ version: number }>).map((v) => v.version)).toEqual([1])

    // Restoring is saving an old version's document as the next version.
    const old = await s.call('GET', '/template/document', { token: owner.token, query: { id, version: 1 } })
    expect(old).toMatchObject({ code: 0, data: { version: 1 } })
    const restored = await s.call('POST', '/template/save', {
      token: owner.token,
      body: { id, baseVersion: 3, name: 'Restored', document: (old.data as { document: unknown }).document },
    })
    expect(restored).toMatchObject({ code: 0, data: { version: 4 } })
  })

  it("answers 404 for anyone else's template, a catalogue template and a deleted one; signed out 401", async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const copy = await s.call('POST', '/template/duplicate', {
      token: owner.token,
      body: { id: await catalogueId() },
    })
    const id = (copy.data as { id: number }).id
    expect(await s.call('GET', '/template/versions', { token: other.token, query: { id } })).toMatchObject({
      code: 404,
    })
    expect(
      await s.call('GET', '/template/versions', { token: owner.token, query: { id: await catalogueId() } }),
    ).toMatchObject({ code: 404 })
    expect((await s.call('GET', '/template/versions', { query: { id } })).code).toBe(401)
    expect(
      await s.call('GET', '/template/versions', { token: owner.token, query: { id: 'x' } }),
    ).toMatchObject({
      code: 400,
    })
    await s.call('POST', '/template/delete', { token: owner.token, body: { id } })
    expect(await s.call('GET', '/template/versions', { token: owner.token, query: { id } })).toMatchObject({
      code: 404,
    })
  })
})
