import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('notifications on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  /** Gives a user `n` more notifications, one minute apart, the newest last; returns their ids, oldest first. */
  async function addNotifications(userId: number, n: number, checked: 0 | 1 = 0): Promise<number[]> {
    const base = s.now()
    const rows = await s.db.kysely
      .insertInto('notifications')
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: userId,
          type: 'creation_ready',
          params: JSON.stringify({ creationId: 1, templateId: 1, typeId: 1, name: `Creation ${i + 1}` }),
          checked,
          created_at: base + (i + 1) * 60_000,
        })),
      )
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  }

  it('lists notifications newest first, one page at a time, with the total over all pages', async () => {
    const { token, user } = await s.signUp()
    await addNotifications(user.id, 12)
    const first = await s.call('GET', '/user/my-notification', { token, query: { page: 1, pageSize: 5 } })
    expect(first.code).toBe(0)
    expect(first.total).toBe(13)
    expect(first.data.map((n: { params: { name: string } }) => n.params.name)).toEqual(
      [12, 11, 10, 9, 8].map((i) => `Creation ${i}`),
    )
    const last = await s.call('GET', '/user/my-notification', { token, query: { page: 3, pageSize: 5 } })
    expect(last.data).toHaveLength(3)
    expect(last.data.at(-1).type).toBe('welcome')
    expect(last.data[0]).not.toHaveProperty('resetToken')
    const beyond = await s.call('GET', '/user/my-notification', { token, query: { page: 9, pageSize: 5 } })
    expect(beyond).toMatchObject({ code: 0, data: [], total: 13 })
  })

  it('filters by check: 0 gives the unread ones and their count (the badge), 1 the read ones', async () => {
    const { token, user } = await s.signUp()
    await addNotifications(user.id, 3, 1)
    const unread = await s.call('GET', '/user/my-notification', {
      token,
      query: { check: 0, page: 1, pageSize: 10 },
    })
    expect(unread.total).toBe(1)
    expect(unread.data.every((n: { check: number }) => n.check === 0)).toBe(true)
    const read = await s.call('GET', '/user/my-notification', { token, query: { check: 1 } })
    expect(read.total).toBe(3)
    const all = await s.call('GET', '/user/my-notification', { token })
    expect(all.total).toBe(4)
    expect(all.data).toHaveLength(4)
  })

  it.each([
    [{ check: 2 }, 'check: check must be 0 (unread) or 1 (read)'],
    [{ page: 0 }, 'page: page must be at least 1'],
    [{ page: 'two' }, 'page: page must be a number'],
    [{ pageSize: 101 }, 'pageSize: pageSize must be between 1 and 100'],
    [{ pageSize: 0 }, 'pageSize: pageSize must be between 1 and 100'],
    [{ sort: 'asc' }, 'sort: Unknown field'],
  ])('rejects the query %j with code 400 naming the parameter', async (query, msg) => {
    const { token } = await s.signUp()
    const r = await s.call('GET', '/user/my-notification', { token, query })
    expect(r).toMatchObject({ code: 400, msg })
    expect((r.data as { issues: { path: unknown[] }[] }).issues.map((i) => i.path)).toEqual([
      [msg.slice(0, msg.indexOf(':'))],
    ])
  })

  it('answers 401 to the notification endpoints without a token', async () => {
    expect((await s.call('GET', '/user/my-notification')).code).toBe(401)
    expect((await s.call('POST', '/notification/read', { body: { id: 1 } })).code).toBe(401)
    expect((await s.call('POST', '/notification/read-all')).code).toBe(401)
  })

  it('marks one notification read, and doing it again changes nothing', async () => {
    const { token, user } = await s.signUp()
    const [id] = await addNotifications(user.id, 1)
    const r = await s.call('POST', '/notification/read', { token, body: { id } })
    expect(r).toMatchObject({ code: 0, data: { id, check: 1 } })
    expect((await s.call('POST', '/notification/read', { token, body: { id } })).code).toBe(0)
    const unread = await s.call('GET', '/user/my-notification', { token, query: { check: 0 } })
    expect(unread.data.map((n: { id: number }) => n.id)).not.toContain(id)
  })

  it('answers 404 for a notification id that does not exist and 400 for one that is not a number', async () => {
    const { token } = await s.signUp()
    expect((await s.call('POST', '/notification/read', { token, body: { id: 99_999_999 } })).code).toBe(404)
    const huge = await s.call('POST', '/notification/read', { token, body: { id: Number.MAX_SAFE_INTEGER } })
    expect(huge.code).toBe(404)
    const bad = await s.call('POST', '/notification/read', { token, body: { id: '1' } })
    expect(bad).toMatchObject({ code: 400, msg: 'id: id must be a number' })
  })

  it('marks all of the caller’s notifications read and says how many changed', async () => {
    const { token, user } = await s.signUp()
    await addNotifications(user.id, 4)
    const r = await s.call('POST', '/notification/read-all', { token })
    expect(r).toMatchObject({ code: 0, data: { updated: 5 } })
    expect((await s.call('GET', '/user/my-notification', { token, query: { check: 0 } })).total).toBe(0)
    expect((await s.call('POST', '/notification/read-all', { token })).data.updated).toBe(0)
  })

  it('never lets one user read or change another user’s notifications', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const bIds = await addNotifications(b.user.id, 2)
    const aList = await s.call('GET', '/user/my-notification', { token: a.token, query: { pageSize: 100 } })
    expect(aList.total).toBe(1)
    expect(aList.data.map((n: { id: number }) => n.id)).not.toContain(bIds[0])

    const steal = await s.call('POST', '/notification/read', { token: a.token, body: { id: bIds[0] } })
    expect(steal).toMatchObject({ code: 404, data: null })
    await s.call('POST', '/notification/read-all', { token: a.token })

    const bUnread = await s.call('GET', '/user/my-notification', { token: b.token, query: { check: 0 } })
    expect(bUnread.total).toBe(3)
    expect(bUnread.data.map((n: { id: number }) => n.id)).toEqual(expect.arrayContaining(bIds))
  })
})
