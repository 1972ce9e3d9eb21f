import type { Notification } from '@templet/api/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, seedDemoAccount } from '../src/features/accounts/demo'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('the demo account on %s', (engine) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startServer(engine)
    expect(await seedDemoAccount(s.db.kysely, s.parts, s.now)).toBe(true)
    expect(await seedDemoAccount(s.db.kysely, s.parts, s.now)).toBe(false)
    const login = await s.call('POST', '/user/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    })
    token = login.data.token
    // Seeding draws the demo's creations: a minute on a busy machine.
  }, 120_000)
  afterAll(() => s.close())

  it('tells one story: its creations, purchases, credit history, balance and notifications agree', async () => {
    const creations = (await s.call('GET', '/creation/list', { token, query: { pageSize: 100 } })).data
    const purchases = (await s.call('GET', '/purchase/list', { token })).data
    const history = await s.call('GET', '/credit/history', { token, query: { pageSize: 100 } })
    const notes: Notification[] = (
      await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })
    ).data
    const me = (await s.call('GET', '/user/my-info', { token })).data

    // Every render in the credit history is a creation in Creation History, and the reverse.
    const spends = history.data.filter((r: { reason: string }) => r.reason === 'creation')
    expect(spends).toHaveLength(creations.length)
    expect(creations.length).toBeGreaterThanOrEqual(4)
    const paid = purchases.filter((p: { status: string }) => p.status === 'paid')
    expect(purchases.map((p: { status: string }) => p.status)).toEqual(['paid', 'failed'])
    const granted = history.data
      .filter((r: { delta: number }) => r.delta > 0)
      .reduce((sum: number, r: { delta: number }) => sum + r.delta, 0)
    expect(me.credits).toBe(granted - spends.length)
    expect(history.data[0].balanceAfter).toBe(me.credits)

    // Each notification points at something the account has.
    const ready = notes.filter((n) => n.type === 'creation_ready')
    expect(ready.map((n) => n.params.creationId).sort()).toEqual(
      creations.map((c: { id: number }) => c.id).sort(),
    )
    const byType = (type: string) => notes.filter((n) => n.type === type)
    expect(byType('purchase_paid').map((n) => n.type === 'purchase_paid' && n.params.purchaseId)).toEqual([
      paid[0].id,
    ])
    expect(byType('purchase_failed').map((n) => n.type === 'purchase_failed' && n.params.purchaseId)).toEqual(
      [purchases[1].id],
    )
    expect(byType('welcome')).toHaveLength(1)
    expect(byType('credits_low')).toHaveLength(1)
    expect(notes.every((n) => n.type !== 'message')).toBe(true)
    // The notification of a render is dated with the render; the newest ones are unread.
    for (const n of ready) {
      const c = creations.find(
        (x: { id: number }) => n.type === 'creation_ready' && x.id === n.params.creationId,
      )
      expect(c.createdAt).toBe(n.createdAt)
    }
    expect(notes.filter((n) => n.check === 0).map((n) => n.type)).toEqual([
      'creation_ready',
      'creation_ready',
    ])
    // The story happened over days, in order.
    const times = notes.map((n) => Date.parse(n.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((times[0] as number) - (times.at(-1) as number)).toBeGreaterThan(5 * 24 * 3600_000)

    // Its dashboard shows the starred types it made designs in, each with templates.
    const dashboard = (await s.call('GET', '/dashboard/summary', { token })).data
    expect(dashboard.starred.length).toBe(2)
    const madeIn = new Set(creations.map((c: { typeId: number }) => c.typeId))
    for (const type of dashboard.starred) {
      expect(madeIn.has(type.id)).toBe(true)
      expect(type.templates.length).toBeGreaterThan(0)
    }
  })
  it('shows no placeholder where a showcase design left its optional photo empty', async () => {
    const creations = (await s.call('GET', '/creation/list', { token, query: { pageSize: 100 } })).data
    const banner = creations.find((c: { name: string }) => c.name === 'Summer sale banner')
    const png = Buffer.from(await (await fetch(`${s.url}${banner.files.png}`)).arrayBuffer())
    // The sale banner's photo box (x 0-520 of 1200 × 628) is its panel's colour alone: no grey, no picture mark.
    const { data, info } = await sharp(png)
      .extract({ left: 0, top: 0, width: 500, height: 620 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const colours = new Set<string>()
    for (let i = 0; i < data.length; i += info.channels)
      colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`)
    expect([...colours]).toEqual(['251,233,228'])
  })
})
