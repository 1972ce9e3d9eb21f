import {
  type Creation,
  DASHBOARD_CREATIONS,
  DASHBOARD_TEMPLATES_PER_TYPE,
  type DashboardSummary,
  LOW_CREDITS_BELOW,
  type TemplateDetail,
  type TemplateSummary,
  type TemplateType,
} from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates, detailOf, validValues } from './media/catalogue'

const card = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }

describe.each(engines)('dashboard summary on %s', (engine) => {
  let s: TestServer
  let t: TemplateDetail
  let types: TemplateType[]
  beforeAll(async () => {
    s = await startServer(engine)
    t = await detailOf(s, (await allTemplates(s))[0]?.id as number)
    types = (await s.call<TemplateType[]>('GET', '/template-type/list')).data
  })
  afterAll(() => s.close())

  const summary = async (token: string) => {
    const r = await s.call<DashboardSummary>('GET', '/dashboard/summary', { token })
    expect(r.code, r.msg).toBe(0)
    return r.data
  }
  const templatesOf = async (typeId: number) =>
    (await s.call<TemplateSummary[]>('GET', '/template/list', { query: { typeId, pageSize: 100 } })).data
  const create = async (token: string, values: Record<string, string>, name: string) => {
    const r = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values, name },
    })
    expect(r.code, r.msg).toBe(0)
    return r.data
  }
  const buy = async (token: string, offerId: string) => {
    const c = await s.call('POST', '/checkout/create', { token, body: { offerId } })
    expect(c.code, c.msg).toBe(0)
    const p = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: c.data.checkoutId, ...card },
    })
    expect(p.data.status).toBe('paid')
  }
  const star = async (token: string, id: number, on = true) =>
    expect((await s.call('POST', '/template-type/star', { token, body: { id, star: on } })).code).toBe(0)

  it('answers 401 without a session or with a token that is not valid', async () => {
    expect((await s.call('GET', '/dashboard/summary')).code).toBe(401)
    expect((await s.call('GET', '/dashboard/summary', { token: 'made-up' })).code).toBe(401)
  })

  it('sums up a new account: the sign-up credits, no plan, no creations, no stars, a start template', async () => {
    const { token } = await s.signUp()
    const d = await summary(token)
    const firstType = types[0] as TemplateType
    const firstTemplate = (await templatesOf(firstType.id))[0] as TemplateSummary
    expect(d).toEqual({
      credits: { balance: 5, low: false },
      plan: null,
      creations: [],
      creationCount: 0,
      starred: [],
      startTemplateId: firstTemplate.id,
    })
  })

  it('shows the newest creations with working thumbnails, the count, and a low balance then a purchase', async () => {
    const { token } = await s.signUp()
    const values = await validValues(s, token, t)
    const made: Creation[] = []
    for (const n of [1, 2, 3]) made.push(await create(token, values, `Card ${n}`))
    let d = await summary(token)
    // 5 sign-up credits, 3 spent: 2 is below the threshold.
    expect(2).toBeLessThan(LOW_CREDITS_BELOW)
    expect(d.credits).toEqual({ balance: 2, low: true })
    expect(d.creationCount).toBe(3)
    expect(d.creations.map((c) => c.name)).toEqual(['Card 3', 'Card 2', 'Card 1'])
    for (const c of d.creations) {
      const res = await fetch(`${s.url}${c.thumbnailUrl}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
    }

    await buy(token, 'main/payment-49-9')
    d = await summary(token)
    expect(d.credits.low).toBe(false)
    const me = await s.call('GET', '/user/my-info', { token })
    expect(d.credits.balance).toBe(me.data.credits)
    expect(d.credits.balance).toBeGreaterThan(2)
    expect(d.plan).toBeNull()

    for (const n of [4, 5, 6, 7]) made.push(await create(token, values, `Card ${n}`))
    d = await summary(token)
    expect(d.creationCount).toBe(7)
    expect(d.creations).toHaveLength(DASHBOARD_CREATIONS)
    expect(d.creations.map((c) => c.id)).toEqual(
      made
        .map((c) => c.id)
        .reverse()
        .slice(0, DASHBOARD_CREATIONS),
    )
    expect(d.credits.balance).toBe(me.data.credits - 4)
  })

  it('shows the plan with its renewal date, and as cancelling once cancelled', async () => {
    const { token } = await s.signUp()
    await buy(token, 'main/subscription-84-9')
    const sub = (await s.call('GET', '/subscription/current', { token })).data
    let d = await summary(token)
    expect(d.plan).toEqual({
      tier: '84-9',
      status: 'active',
      currentPeriodEnd: sub.currentPeriodEnd,
      offerId: 'main/subscription-84-9',
      credits: sub.credits,
    })
    expect((await s.call('POST', '/subscription/cancel', { token })).code).toBe(0)
    d = await summary(token)
    expect(d.plan).toMatchObject({ status: 'canceling', currentPeriodEnd: sub.currentPeriodEnd })
  })

  it('still answers for a plan whose offer left the configuration, without its monthly credits', async () => {
    const { token } = await s.signUp()
    await buy(token, 'main/subscription-49-9')
    // The same database served with another main group: 'main/…' offers no longer exist.
    const renamed = await s.twin({ OFFER_GROUP_MAIN: 'standard' })
    try {
      const r = await renamed.call<DashboardSummary>('GET', '/dashboard/summary', { token })
      expect(r.code).toBe(0)
      expect(r.data.plan).toMatchObject({ tier: '49-9', status: 'active', credits: null })
    } finally {
      await renamed.close()
    }
  })

  it('lists the starred types in catalogue order with their first templates; the start follows the first', async () => {
    const { token } = await s.signUp()
    expect(types.length).toBeGreaterThanOrEqual(2)
    const [first, second] = [types[0], types.at(-1)] as [TemplateType, TemplateType]
    // Starred out of catalogue order: the answer still follows the catalogue.
    await star(token, second.id)
    await star(token, first.id)
    let d = await summary(token)
    expect(d.starred.map((x) => x.id)).toEqual([first.id, second.id])
    for (const type of [first, second]) {
      const got = d.starred.find((x) => x.id === type.id)
      expect(got).toMatchObject({ slug: type.slug, names: type.names, templateCount: type.templateCount })
      const expected = (await templatesOf(type.id)).slice(0, DASHBOARD_TEMPLATES_PER_TYPE)
      expect(got?.templates).toEqual(expected)
    }
    expect(d.startTemplateId).toBe(d.starred[0]?.templates[0]?.id)

    await star(token, first.id, false)
    d = await summary(token)
    expect(d.starred.map((x) => x.id)).toEqual([second.id])
    expect(d.startTemplateId).toBe((await templatesOf(second.id))[0]?.id)
  })

  it("never includes another user's creations, stars, purchases or plan", async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    await buy(owner.token, 'main/subscription-49-9')
    await star(owner.token, (types[0] as TemplateType).id)
    const mine = await create(owner.token, await validValues(s, owner.token, t), 'Mine')

    const d = await summary(other.token)
    expect(d).toMatchObject({
      credits: { balance: 5, low: false },
      plan: null,
      creations: [],
      creationCount: 0,
      starred: [],
    })
    const own = await summary(owner.token)
    expect(own.creations.map((c) => c.id)).toEqual([mine.id])
    expect(own.plan?.tier).toBe('49-9')
    expect(own.starred).toHaveLength(1)
  })
})
