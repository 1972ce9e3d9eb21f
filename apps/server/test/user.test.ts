import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('accounts on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it('registers an account, signs it in and gives it 5 credits and a welcome notification', async () => {
    const r = await s.call('POST', '/user/register', {
      body: { email: '  New.Person@Example.COM ', password: 'long enough', name: 'New Person' },
    })
    expect(r.code).toBe(0)
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(r.data.user).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      credits: 5,
      subscription: null,
    })
    const notes = await s.call('GET', '/user/my-notification', { token: r.data.token })
    expect(notes.total).toBe(1)
    expect(notes.data[0]).toMatchObject({ type: 'welcome', check: 0 })
  })

  it('names an account after its email when no name is given', async () => {
    const r = await s.call('POST', '/user/register', {
      body: { email: 'noname@example.com', password: 'long enough' },
    })
    expect(r.data.user.name).toBe('noname')
  })

  it('answers 409 when the email is already registered, in any letter case', async () => {
    const { email } = await s.signUp()
    const r = await s.call('POST', '/user/register', {
      body: { email: email.toUpperCase(), password: 'another one' },
    })
    expect(r).toMatchObject({ code: 409, data: null })
    expect(r.msg).toMatch(/^email: /)
  })

  it('lets exactly one of many concurrent registrations of one email win', async () => {
    const email = `race-${Date.now()}@example.com`
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        s.call('POST', '/user/register', { body: { email, password: 'same password' } }),
      ),
    )
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1)
    expect(replies.filter((r) => r.code === 409)).toHaveLength(11)
  })

  it.each([
    [
      { email: 'not-an-email', password: 'long enough' },
      'email: Enter a valid email address',
      { path: ['email'], code: 'invalid_format', params: { format: 'email', origin: 'string' } },
    ],
    [
      { email: 'a@example.com', password: 'short' },
      'password: Password must be at least 8 characters',
      { path: ['password'], code: 'too_small', params: { minimum: 8, origin: 'string' } },
    ],
    [
      { email: 'a@example.com', password: 'x'.repeat(129) },
      'password: Password must be at most 128 characters',
      { path: ['password'], code: 'too_big', params: { maximum: 128, origin: 'string' } },
    ],
    [
      { email: 'a@example.com', password: 'long enough', name: '' },
      'name: Name must not be empty',
      { path: ['name'], code: 'required', params: { minimum: 1, origin: 'string' } },
    ],
    [
      { email: 'a@example.com', password: 12345678 },
      'password: ',
      { path: ['password'], code: 'invalid_type', params: { expected: 'string' } },
    ],
    [
      { password: 'long enough' },
      'email: Enter your email address',
      { path: ['email'], code: 'required', params: { expected: 'string' } },
    ],
    [
      { email: 'a@example.com', password: 'long enough', admin: true },
      'admin: Unknown field',
      { path: ['admin'], code: 'unrecognized_key', params: {} },
    ],
    [[1, 2], 'body: ', { path: [], code: 'invalid_type', params: { expected: 'object' } }],
  ])(
    'rejects the registration body %j with code 400, the field named in msg and by key in data.issues',
    async (body, msg, issue) => {
      const r = await s.call('POST', '/user/register', { body })
      expect(r.code).toBe(400)
      expect(r.msg).toContain(msg)
      expect(r.data).toEqual({ issues: [issue] })
    },
  )

  it.each([
    ['a right-to-left override', 'Ann\u202eevil'],
    ['a control character', 'Ann\u0007'],
    ['a line separator', 'Ann\u2028Bob'],
    ['only zero-width characters', '\u200b\u200d\ufeff'],
  ])('refuses a name with %s (code 400 naming the field)', async (_, name) => {
    const r = await s.call('POST', '/user/register', {
      body: { email: `n${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough', name },
    })
    expect(r.code).toBe(400)
    expect(r.msg).toContain('name: Name must')
  })

  it('keeps names in any script, joined emoji included', async () => {
    for (const name of ['李小龙', 'نور', 'Zoë 👩‍💻']) {
      const r = await s.call('POST', '/user/register', {
        body: { email: `n${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough', name },
      })
      expect(r.data.user.name).toBe(name)
    }
  })

  it('refuses a body that is not sent as JSON with code 415', async () => {
    const r = await s.call('POST', '/user/register', {
      rawBody: JSON.stringify({ email: 'plain@example.com', password: 'long enough' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(r.code).toBe(415)
    expect(r.msg).toContain('application/json')
  })

  it('answers malformed JSON with code 400 and a malformed_json issue, not an HTTP error', async () => {
    const r = await s.call('POST', '/user/register', { rawBody: '{"email": "a@example.com",' })
    expect(r).toMatchObject({
      code: 400,
      msg: 'body: Malformed JSON',
      data: { issues: [{ path: [], code: 'malformed_json', params: {} }] },
    })
  })

  it('signs in with the right password and refuses a wrong one or an unknown email with the same message', async () => {
    const { email, password } = await s.signUp()
    const ok = await s.call('POST', '/user/login', { body: { email, password } })
    expect(ok.code).toBe(0)
    expect(ok.data.user).toMatchObject({ email, credits: 5 })
    const wrong = await s.call('POST', '/user/login', { body: { email, password: 'not the password' } })
    const unknown = await s.call('POST', '/user/login', { body: { email: 'nobody@example.com', password } })
    expect(wrong).toMatchObject({ code: 401, msg: 'Wrong email or password', data: null })
    expect(unknown).toMatchObject({ code: 401, msg: wrong.msg, data: null })
  })

  it('gives each sign-in its own token, so one user holds several sessions', async () => {
    const { email, password, token } = await s.signUp()
    const second = await s.call('POST', '/user/login', { body: { email, password } })
    expect(second.data.token).not.toBe(token)
    expect((await s.call('GET', '/user/my-info', { token })).code).toBe(0)
    expect((await s.call('GET', '/user/my-info', { token: second.data.token })).code).toBe(0)
  })

  it('returns the signed-in user from my-info', async () => {
    const { token, user } = await s.signUp('Ann')
    const r = await s.call('GET', '/user/my-info', { token })
    expect(r.code).toBe(0)
    expect(r.data).toEqual({ ...user, name: 'Ann' })
  })

  it('answers 401 to my-info without a token, with an unknown token and with a malformed header', async () => {
    expect((await s.call('GET', '/user/my-info')).code).toBe(401)
    expect((await s.call('GET', '/user/my-info', { token: 'x'.repeat(43) })).code).toBe(401)
    const r = await s.call('GET', '/user/my-info', { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(r).toMatchObject({ code: 401, data: null })
  })

  it('accepts the token with the Bearer scheme too', async () => {
    const { token } = await s.signUp()
    expect(
      (await s.call('GET', '/user/my-info', { headers: { authorization: `Bearer ${token}` } })).code,
    ).toBe(0)
  })

  it('revokes only the token logout was sent with', async () => {
    const { email, password, token } = await s.signUp()
    const other = (await s.call('POST', '/user/login', { body: { email, password } })).data.token
    const out = await s.call('POST', '/user/logout', { token })
    expect(out).toMatchObject({ code: 0, data: {} })
    expect((await s.call('GET', '/user/my-info', { token })).code).toBe(401)
    expect((await s.call('POST', '/user/logout', { token })).code).toBe(401)
    expect((await s.call('GET', '/user/my-info', { token: other })).code).toBe(0)
  })

  it('stores passwords as argon2id hashes and tokens only as SHA-256 hashes', async () => {
    const { email, token } = await s.signUp()
    const user = await s.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user.password_hash).toMatch(/^\$argon2id\$/)
    const sessions = await s.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(sessions.map((x) => x.token_hash)).not.toContain(token)
    expect(sessions[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('keeps the balance as a ledger: one signup grant of 5 credits per account', async () => {
    const { user } = await s.signUp()
    const rows = await s.db.kysely
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(rows.map((r) => [r.delta, r.reason])).toEqual([[5, 'signup']])
  })
})
