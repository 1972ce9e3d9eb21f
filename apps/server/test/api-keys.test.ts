import { API_KEYS_PER_ACCOUNT } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('developer API keys on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it('shows a new key once and lists it afterwards by name, scopes and hint only', async () => {
    const { token } = await s.signUp()
    const made = await s.call('POST', '/key/create', {
      token,
      body: { name: 'CI', scopes: ['render', 'read'] },
    })
    expect(made.code).toBe(0)
    expect(made.data.key).toMatch(/^tk_live_[\w-]{43}$/)
    expect(made.data).toMatchObject({ name: 'CI', scopes: ['read', 'render'], lastUsedAt: null })
    const listed = await s.call('GET', '/key/list', { token })
    expect(listed.code).toBe(0)
    expect(listed.total).toBe(1)
    expect(listed.data[0]).toEqual({
      id: made.data.id,
      name: 'CI',
      scopes: ['read', 'render'],
      mode: 'live',
      hint: `${made.data.key.slice(0, 12)}…${made.data.key.slice(-4)}`,
      createdAt: made.data.createdAt,
      lastUsedAt: null,
    })
    expect(JSON.stringify(listed.data)).not.toContain(made.data.key)
    // Only a hash is stored.
    const rows = await s.db.kysely.selectFrom('api_keys').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(made.data.key.slice(12))
  })

  it('makes a test key (tk_test_…) when asked, and lists each key with its mode', async () => {
    const { token } = await s.signUp()
    const test = await s.call('POST', '/key/create', {
      token,
      body: { name: 'Sandbox', scopes: ['render'], mode: 'test' },
    })
    expect(test.code).toBe(0)
    expect(test.data.key).toMatch(/^tk_test_[\w-]{43}$/)
    expect(test.data).toMatchObject({ mode: 'test', hint: expect.stringMatching(/^tk_test_\S{4}…\S{4}$/) })
    expect(test.data.urlSecret).toMatch(/^tk_url_[0-9a-f]{64}$/)
    await s.call('POST', '/key/create', { token, body: { name: 'Shop', scopes: ['read'] } })
    const listed = await s.call('GET', '/key/list', { token })
    expect(listed.data.map((k: { name: string; mode: string }) => [k.name, k.mode])).toEqual([
      ['Shop', 'live'],
      ['Sandbox', 'test'],
    ])
    const bad = await s.call('POST', '/key/create', {
      token,
      body: { name: 'x', scopes: ['read'], mode: 'demo' },
    })
    expect(bad.code).toBe(400)
    expect(bad.data.issues[0].path).toEqual(['mode'])
  })

  it('refuses a key without a name or with an unknown scope, naming the field', async () => {
    const { token } = await s.signUp()
    const noName = await s.call('POST', '/key/create', { token, body: { name: ' ', scopes: ['read'] } })
    expect(noName.code).toBe(400)
    expect(noName.data.issues[0]).toMatchObject({ path: ['name'], code: 'required' })
    const badScope = await s.call('POST', '/key/create', { token, body: { name: 'x', scopes: ['admin'] } })
    expect(badScope.code).toBe(400)
    expect(badScope.data.issues[0].path).toEqual(['scopes', 0])
    const none = await s.call('POST', '/key/create', { token, body: { name: 'x', scopes: [] } })
    expect(none.code).toBe(400)
  })

  it('revokes only the caller’s own keys, and a revoked key leaves the list', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const made = await s.call('POST', '/key/create', {
      token: a.token,
      body: { name: 'k', scopes: ['read'] },
    })
    const theirs = await s.call('POST', '/key/revoke', { token: b.token, body: { id: made.data.id } })
    expect(theirs.code).toBe(404)
    const ok = await s.call('POST', '/key/revoke', { token: a.token, body: { id: made.data.id } })
    expect(ok.code).toBe(0)
    const again = await s.call('POST', '/key/revoke', { token: a.token, body: { id: made.data.id } })
    expect(again.code).toBe(0)
    expect((await s.call('GET', '/key/list', { token: a.token })).data).toEqual([])
  })

  it(`holds at most ${API_KEYS_PER_ACCOUNT} live keys, also when many are created at once`, async () => {
    const { token } = await s.signUp()
    const replies = await Promise.all(
      Array.from({ length: API_KEYS_PER_ACCOUNT + 10 }, (_, i) =>
        s.call('POST', '/key/create', { token, body: { name: `key ${i}`, scopes: ['read'] } }),
      ),
    )
    expect(replies.filter((r) => r.code === 0)).toHaveLength(API_KEYS_PER_ACCOUNT)
    expect(replies.filter((r) => r.code === 409)).toHaveLength(10)
    expect((await s.call('GET', '/key/list', { token })).total).toBe(API_KEYS_PER_ACCOUNT)
    const first = replies.find((r) => r.code === 0)
    await s.call('POST', '/key/revoke', { token, body: { id: first?.data.id } })
    expect(
      (await s.call('POST', '/key/create', { token, body: { name: 'room', scopes: ['read'] } })).code,
    ).toBe(0)
  })

  it('needs a session', async () => {
    expect((await s.call('GET', '/key/list')).code).toBe(401)
  })
})
