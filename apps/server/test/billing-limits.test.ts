import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

const DECLINED = { cardNumber: '4000000000000002', expiry: '12/39', cvc: '123' }
const PAYS = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }

describe.each(engines)('limits on checkouts, payments and plan changes on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {
      CHECKOUT_LIMIT: '3',
      PAYMENT_LIMIT: '4',
      PAYMENT_WINDOW_SECONDS: '3600',
      PLAN_CHANGE_LIMIT: '4',
    })
  })
  afterAll(() => s.close())

  const open = (token: string, offerId = 'main/payment-49-9') =>
    s.call('POST', '/checkout/create', { token, body: { offerId, variant: 'checkout' } })
  const notices = async (token: string, type: string) =>
    (await s.call('GET', '/user/my-notification', { token, query: { page: 1, pageSize: 100 } })).data.filter(
      (n: { type: string }) => n.type === type,
    ).length

  it('tells a customer once of a card declined again and again, and stops the tries with 429', async () => {
    const { token } = await s.signUp()
    const { checkoutId } = (await open(token)).data
    const tries = []
    for (let i = 0; i < 5; i++)
      tries.push(await s.call('POST', '/checkout/pay', { token, body: { checkoutId, ...DECLINED } }))
    expect(tries.slice(0, 4).map((t) => t.data.status)).toEqual([
      'declined',
      'declined',
      'declined',
      'declined',
    ])
    expect(tries[4]).toMatchObject({ code: 429, data: { retryAfterSeconds: 3600 } })
    expect(tries[4]?.msg).toBe('Too many attempts; try again in 60 minutes')
    expect(await notices(token, 'purchase_failed')).toBe(1)
    // Each declined try is still in Purchase History.
    expect((await s.call('GET', '/purchase/list', { token })).total).toBe(4)
  })

  it('counts no replay of a paid checkout against the payment limit: the next purchase still goes through', async () => {
    const { token } = await s.signUp()
    const { checkoutId } = (await open(token)).data
    const pay = (id: string) => s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...PAYS } })
    const first = await pay(checkoutId)
    expect(first.data.status).toBe('paid')
    // A double-click resent the payment five times: each answers the same purchase, and no card is tried.
    for (let i = 0; i < 5; i++) expect((await pay(checkoutId)).data.purchase.id).toBe(first.data.purchase.id)
    const next = (await open(token)).data.checkoutId
    expect((await pay(next)).data.status).toBe('paid')
  })

  it('limits the checkouts one account opens', async () => {
    const { token } = await s.signUp()
    const other = await s.signUp()
    for (let i = 0; i < 2; i++) expect((await open(token)).code).toBe(0)
    expect((await open(token)).code).toBe(0)
    expect(await open(token)).toMatchObject({ code: 429 })
    expect((await open(other.token)).code).toBe(0)
  })

  it('tells of a plan’s state in one notification, however often it is resumed and cancelled, and limits the changes', async () => {
    const { token } = await s.signUp()
    const { checkoutId } = (await open(token, 'main/subscription-49-9')).data
    expect(
      (await s.call('POST', '/checkout/pay', { token, body: { checkoutId, ...PAYS } })).data.status,
    ).toBe('paid')
    const changes = []
    for (const path of [
      '/subscription/cancel',
      '/subscription/resume',
      '/subscription/cancel',
      '/subscription/resume',
      '/subscription/cancel',
    ])
      changes.push((await s.call('POST', path, { token })).code)
    expect(changes).toEqual([0, 0, 0, 0, 429])
    // The last change that went through was a resume: the bell says so, and nothing says cancelled.
    expect(await notices(token, 'subscription_cancelled')).toBe(0)
    expect(await notices(token, 'subscription_resumed')).toBe(1)
  })
})
