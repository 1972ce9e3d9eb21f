import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, seedDemoAccount } from '../src/features/accounts/demo'
import { engines, startServer, type TestServer } from './harness'

const PAYS = '4242 4242 4242 4242'
const DECLINED = '4000 0000 0000 0002'
const NO_FUNDS = '4000 0000 0000 9995'
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvc: '123' })

describe.each(engines)('billing on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(async () => {
    await s.close()
  })

  async function checkout(token: string, offerId = 'main/payment-49-9', variant = 'checkout') {
    const r = await s.call('POST', '/checkout/create', { token, body: { offerId, variant } })
    expect(r.code, r.msg).toBe(0)
    return r.data.checkoutId as string
  }
  const balance = async (token: string) => (await s.call('GET', '/user/my-info', { token })).data.credits

  it('lists every offer from the configuration, with the checkout URL spelling of its id', async () => {
    const r = await s.call('GET', '/offer/list')
    expect(r.code).toBe(0)
    expect(r.total).toBe(12)
    expect(r.data).toContainEqual({
      id: 'main/payment-49-9',
      group: 'main',
      kind: 'payment',
      tier: '49-9',
      price: 49.9,
      currency: 'USD',
      credits: 100,
    })
    expect(r.data).toContainEqual(
      expect.objectContaining({ id: 'main/subscription-139-9', price: 139.9, credits: 500 }),
    )
    expect(r.data.filter((o: { group: string }) => o.group === 'promo')).toHaveLength(6)
  })

  it('describes one offer for a checkout page without its group, and 404s an unknown one', async () => {
    const r = await s.call('GET', '/offer/detail', { query: { id: 'promo/subscription-84-9' } })
    expect(r.data).toEqual({
      id: 'promo/subscription-84-9',
      kind: 'subscription',
      tier: '84-9',
      price: 84.9,
      currency: 'USD',
      credits: 325,
      interval: 'month',
    })
    expect((await s.call('GET', '/offer/detail', { query: { id: 'main/payment-50' } })).code).toBe(404)
  })

  it('needs a session to open a checkout and 404s an unknown offer', async () => {
    const anon = await s.call('POST', '/checkout/create', { body: { offerId: 'main/payment-49-9' } })
    expect(anon.code).toBe(401)
    const { token } = await s.signUp()
    const r = await s.call('POST', '/checkout/create', { token, body: { offerId: 'nope/payment-49-9' } })
    expect(r.code).toBe(404)
    expect(r.msg).toBe('Offer not found')
  })

  it('pays with 4242 4242 4242 4242: grants the credits once, and lists the purchase with its variant', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token, 'main/payment-84-9', 'checkout1')
    const create = await s.call('GET', '/checkout/detail', { token, query: { id } })
    expect(create.data).toMatchObject({ status: 'open', provider: 'sandbox', purchase: null })
    const r = await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS) } })
    expect(r.code, r.msg).toBe(0)
    expect(r.data.status).toBe('paid')
    expect(r.data.balance).toBe(5 + 220)
    expect(r.data.purchase).toMatchObject({
      offerId: 'main/payment-84-9',
      kind: 'payment',
      amount: 84.9,
      currency: 'USD',
      status: 'paid',
      credits: 220,
      variant: 'checkout1',
    })
    const again = await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS) } })
    expect(again.data.purchase.id).toBe(r.data.purchase.id)
    expect(await balance(token)).toBe(225)

    const list = await s.call('GET', '/purchase/list', { token, query: { page: 1, pageSize: 10 } })
    expect(list.total).toBe(1)
    expect(list.data[0]).toEqual(r.data.purchase)
    const receipt = await s.call('GET', '/purchase/receipt', { token, query: { id: r.data.purchase.id } })
    expect(receipt.data).toMatchObject({
      receiptNumber: r.data.purchase.receiptNumber,
      amount: 84.9,
      currency: 'USD',
      status: 'paid',
      credits: 220,
      paymentMethod: 'Visa •••• 4242',
    })
    const notes = await s.call('GET', '/user/my-notification', { token, query: { page: 1, pageSize: 10 } })
    expect(notes.data.map((n: { type: string }) => n.type)).toContain('purchase_paid')
  })

  it('grants once when 20 payments of one checkout arrive at once', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token)
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS) } }),
      ),
    )
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(0))
    expect(new Set(replies.map((r) => r.data.purchase.id)).size).toBe(1)
    expect(await balance(token)).toBe(105)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.total).toBe(1)
  })

  it('a declined card and insufficient funds say so, grant nothing, and show as failed', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token)
    const declined = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: id, ...card(DECLINED) },
    })
    expect(declined.data).toMatchObject({
      status: 'declined',
      balance: 5,
      purchase: { status: 'failed', credits: 0 },
    })
    const broke = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: id, ...card(NO_FUNDS) },
    })
    expect(broke.data).toMatchObject({ status: 'insufficient_funds', balance: 5 })
    expect(await balance(token)).toBe(5)
    // The same checkout still takes a good card afterwards.
    const paid = await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS) } })
    expect(paid.data.status).toBe('paid')
    expect(await balance(token)).toBe(105)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'failed', 'paid'])
    // One notice for the checkout, however many cards failed on it.
    const notes = await s.call('GET', '/user/my-notification', { token })
    expect(notes.data.filter((n: { type: string }) => n.type === 'purchase_failed')).toHaveLength(1)
  })

  it('refuses a bad card with a message naming the field', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token)
    const pay = (body: object) =>
      s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS), ...body } })
    const luhn = await pay({ cardNumber: '4242 4242 4242 4241' })
    expect([luhn.code, luhn.msg]).toEqual([
      400,
      'cardNumber: This card number is not valid; check the digits',
    ])
    const expired = await pay({ expiry: '01/20' })
    expect([expired.code, expired.msg]).toEqual([400, 'expiry: This card has expired'])
    // The field's issue by key, as for every other validation failure (the web form words it itself).
    expect(expired.data.issues).toEqual([
      { path: ['expiry'], code: 'invalid_value', params: { reason: 'expired' } },
    ])
    const format = await pay({ expiry: '13/30' })
    expect([format.code, format.msg]).toEqual([400, 'expiry: Enter the expiry date as MM/YY'])
    const cvc = await pay({ cvc: '12' })
    expect([cvc.code, cvc.msg]).toEqual([400, 'cvc: The CVC is 3 or 4 digits'])
    expect(await balance(token)).toBe(5)
  })

  it("answers 404 for another user's checkout, purchase and receipt", async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const id = await checkout(a.token)
    const paid = await s.call('POST', '/checkout/pay', {
      token: a.token,
      body: { checkoutId: id, ...card(PAYS) },
    })
    const pay = await s.call('POST', '/checkout/pay', {
      token: b.token,
      body: { checkoutId: id, ...card(PAYS) },
    })
    expect(pay.code).toBe(404)
    const detail = await s.call('GET', '/checkout/detail', { token: b.token, query: { id } })
    expect(detail.code).toBe(404)
    const receipt = await s.call('GET', '/purchase/receipt', {
      token: b.token,
      query: { id: paid.data.purchase.id },
    })
    expect([receipt.code, receipt.msg]).toEqual([404, 'Purchase not found'])
    expect((await s.call('GET', '/purchase/list', { token: b.token })).total).toBe(0)
    expect(await balance(b.token)).toBe(5)
  })

  it('shows where each credit came from, newest first, with the balance after each row', async () => {
    const { token } = await s.signUp()
    const id = await checkout(token, 'promo/payment-49-9')
    const paid = await s.call('POST', '/checkout/pay', { token, body: { checkoutId: id, ...card(PAYS) } })
    const r = await s.call('GET', '/credit/history', { token, query: { page: 1, pageSize: 10 } })
    expect(r.total).toBe(2)
    expect(r.data).toMatchObject([
      { delta: 120, reason: 'purchase', purchaseId: paid.data.purchase.id, balanceAfter: 125 },
      { delta: 5, reason: 'signup', purchaseId: null, balanceAfter: 5 },
    ])
    const second = await s.call('GET', '/credit/history', { token, query: { page: 2, pageSize: 1 } })
    expect(second.data).toMatchObject([{ reason: 'signup', balanceAfter: 5 }])
  })

  it('seeds the demo account with purchases that agree with its balance and credit history', async () => {
    expect(await seedDemoAccount(s.db.kysely, s.parts, s.now)).toBe(true)
    const login = await s.call('POST', '/user/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    })
    const token = login.data.token
    expect(login.data.user.credits).toBe(100)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data.map((p: { status: string; credits: number }) => [p.status, p.credits])).toEqual([
      ['paid', 100],
      ['failed', 0],
    ])
    const history = await s.call('GET', '/credit/history', { token, query: { pageSize: 1 } })
    expect(history.total).toBe(7)
    expect(history.data[0]).toMatchObject({ delta: -1, reason: 'creation', balanceAfter: 100 })
  }, 120_000)
})
