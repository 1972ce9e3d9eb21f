import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerBalance } from '../src/features/billing/ledger.queries'
import { engines, startServer, type TestServer } from './harness'

const SECRET = 'whsec_test_secret'
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: SECRET }
/** Only for the SDK's signing helper; it makes no request. */
const signer = new Stripe('sk_test_offline')

/** A $49.90 invoice of the subscription `subRef` for the 30 days from `start` (seconds), as Stripe sends it. */
const invoiceOf = (subRef: string, id: string, reason: string, start: number) => ({
  id,
  object: 'invoice',
  billing_reason: reason,
  amount_paid: 4990,
  amount_due: 4990,
  currency: 'usd',
  parent: { type: 'subscription_details', subscription_details: { subscription: subRef, metadata: {} } },
  lines: { object: 'list', data: [{ period: { start, end: start + 30 * 86_400 } }] },
  period_start: start,
  period_end: start + 30 * 86_400,
})

/** A stand-in for Stripe's API on loopback: answers Checkout Session creation and records each request. */
async function fakeStripeApi(port = 0) {
  const requests: { path: string; body: URLSearchParams }[] = []
  let n = 0
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body: new URLSearchParams(raw) })
      n += 1
      res.setHeader('content-type', 'application/json')
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: `cs_test_${new URLSearchParams(raw).get('client_reference_id') ?? n}`,
            object: 'checkout.session',
            url: `https://checkout.example/cs_test_${n}`,
          }),
        )
      } else if (sub) {
        const item = {
          id: `si_${sub}`,
          object: 'subscription_item',
          price: { id: 'price_old', product: 'prod_1' },
        }
        res.end(JSON.stringify({ id: sub, object: 'subscription', items: { object: 'list', data: [item] } }))
      } else if (req.method === 'POST' && req.url === '/v1/prices') {
        res.end(JSON.stringify({ id: `price_${n}`, object: 'price' }))
      } else {
        res.statusCode = 404
        res.end(JSON.stringify({ error: { message: 'not faked', type: 'invalid_request_error' } }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.address() as AddressInfo).port
  return {
    requests,
    options: { host: '127.0.0.1', port: bound, protocol: 'http' as const },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  }
}

describe.each(engines)('the Stripe provider on %s', (engine) => {
  let s: TestServer
  let api: Awaited<ReturnType<typeof fakeStripeApi>>
  beforeAll(async () => {
    api = await fakeStripeApi()
    s = await startServer(engine, stripeEnv, { app: { stripeClientOptions: api.options } })
  })
  afterAll(async () => {
    await s.close()
    await api.close()
  })

  let seq = 0
  /** Posts a signed event the way Stripe does; `signature` overrides the header. */
  async function deliver(
    type: string,
    object: object,
    o: { id?: string; signature?: string; payload?: string; to?: TestServer } = {},
  ) {
    seq += 1
    const payload =
      o.payload ??
      JSON.stringify({
        id: o.id ?? `evt_${seq}_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      })
    const header = o.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
    const res = await fetch(`${(o.to ?? s).url}/api/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, payload }
  }
  const balance = async (token: string) => (await s.call('GET', '/user/my-info', { token })).data.credits

  async function stripeCheckout(offerId: string) {
    const { token, user } = await s.signUp()
    const r = await s.call('POST', '/checkout/create', { token, body: { offerId, variant: 'checkout1' } })
    expect(r.code, r.msg).toBe(0)
    return {
      token,
      userId: user.id as number,
      checkoutId: r.data.checkoutId as string,
      redirectUrl: r.data.redirectUrl,
    }
  }
  /** The completed session Stripe sends for the one opened for `checkoutId`, with its amount and currency. */
  const sessionCompleted = (checkoutId: string, extra: object) => {
    const opened = api.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.get('client_reference_id') === checkoutId,
    )?.body
    return {
      id: `cs_test_${checkoutId}`,
      object: 'checkout.session',
      client_reference_id: checkoutId,
      payment_status: 'paid',
      amount_total: Number(opened?.get('line_items[0][price_data][unit_amount]')),
      currency: opened?.get('line_items[0][price_data][currency]'),
      metadata: { checkoutId },
      ...extra,
    }
  }

  it('opens a Stripe Checkout Session and hands back its page; the sandbox card form is refused', async () => {
    const { token, checkoutId, redirectUrl } = await stripeCheckout('main/payment-49-9')
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.example\/cs_test_/)
    const sent = api.requests.at(-1)
    expect(sent?.path).toBe('/v1/checkout/sessions')
    expect(sent?.body.get('mode')).toBe('payment')
    expect(sent?.body.get('client_reference_id')).toBe(checkoutId)
    expect(sent?.body.get('line_items[0][price_data][unit_amount]')).toBe('4990')
    expect(sent?.body.get('success_url')).toContain(`/checkout1/main/payment-49-9?checkoutId=${checkoutId}`)
    const pay = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
    })
    expect(pay.code).toBe(409)
    expect(await balance(token)).toBe(5)
  })

  it('takes no sandbox card payment at all, not even for a checkout opened before Stripe was configured', async () => {
    const { token, user } = await s.signUp()
    await s.db.kysely
      .insertInto('checkouts')
      .values({
        id: `co_old_${user.id}`,
        user_id: user.id,
        offer_id: 'main/payment-49-9',
        variant: 'checkout',
        provider: 'sandbox',
        status: 'open',
        created_at: s.now(),
      })
      .execute()
    const pay = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: `co_old_${user.id}`, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
    })
    expect(pay.code).toBe(409)
    expect(await balance(token)).toBe(5)
  })

  it('refuses an event with a bad signature and grants nothing', async () => {
    const { token, checkoutId } = await stripeCheckout('main/payment-49-9')
    const object = sessionCompleted(checkoutId, { mode: 'payment', payment_intent: 'pi_bad' })
    const forged = await deliver('checkout.session.completed', object, {
      signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    })
    expect(forged.status).toBe(400)
    const unsigned = await deliver('checkout.session.completed', object, { signature: '' })
    expect(unsigned.status).toBe(400)
    expect(await balance(token)).toBe(5)
  })

  it('refuses an event signed an hour ahead of the server, and one signed an hour ago', async () => {
    const { token, checkoutId } = await stripeCheckout('main/payment-49-9')
    const object = sessionCompleted(checkoutId, { mode: 'payment', payment_intent: 'pi_future' })
    for (const shift of [3600, -3600]) {
      const payload = JSON.stringify({
        id: `evt_shift_${shift}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object },
      })
      const timestamp = Math.floor(s.now() / 1000) + shift
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp })
      const r = await deliver('checkout.session.completed', object, { signature: header, payload })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatch(shift > 0 ? /in the future/ : /too old/)
    }
    expect(await balance(token)).toBe(5)
  })

  it('answers a huge body after reading at most a little of it, signed or not', async () => {
    const payload = '{}'
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
    for (const [signature, status] of [
      [undefined, 400],
      [signed, 413],
    ] as const) {
      // Up to 300 MB, made as fetch asks for it; the answer must come long before that.
      let sent = 0
      let stop = false
      const chunk = new Uint8Array(64 * 1024).fill(0x20)
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stop || sent >= 300 * 1024 * 1024) return controller.close()
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const res = await fetch(`${s.url}/api/webhook/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body,
        duplex: 'half',
      } as RequestInit)
      const answeredAfter = sent
      stop = true
      expect(res.status).toBe(status)
      await res.json()
      expect(answeredAfter).toBeLessThan(16 * 1024 * 1024)
    }
  })

  it('the same event delivered 5 times at once, and later again, grants once', async () => {
    const { token, checkoutId } = await stripeCheckout('main/payment-84-9')
    const object = sessionCompleted(checkoutId, { mode: 'payment', payment_intent: `pi_${checkoutId}` })
    const id = `evt_once_${checkoutId}`
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => deliver('checkout.session.completed', object, { id })),
    )
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(replies[0]?.body).toEqual({ received: true })
    expect(await balance(token)).toBe(225)
    expect((await deliver('checkout.session.completed', object, { id })).status).toBe(200)
    // A different event about the same payment (Stripe may send one) grants nothing either.
    expect((await deliver('checkout.session.completed', object)).status).toBe(200)
    expect(await balance(token)).toBe(225)
    const detail = await s.call('GET', '/checkout/detail', { token, query: { id: checkoutId } })
    expect(detail.data).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      purchase: { credits: 220, variant: 'checkout1' },
    })
    expect((await s.call('GET', '/purchase/list', { token })).total).toBe(1)
  })

  it("writes a team's payment the webhook completes into the team's activity once, delivered twice to two processes while the customer is back and the reconciliation runs", async () => {
    const { token } = await s.signUp('Olive Owner')
    const team = await s.call('POST', '/team/create', { token, body: { name: 'Northwind' } })
    expect(team.code, team.msg).toBe(0)
    const inTeam = { headers: { Team: String(team.data.id) } }
    const opened = await s.call('POST', '/checkout/create', {
      token,
      ...inTeam,
      body: { offerId: 'main/payment-49-9', variant: 'checkout1' },
    })
    expect(opened.code, opened.msg).toBe(0)
    const checkoutId = opened.data.checkoutId as string
    const object = sessionCompleted(checkoutId, { mode: 'payment', payment_intent: `pi_team_${checkoutId}` })
    const id = `evt_team_${checkoutId}`
    const twin = await s.twin()
    try {
      const [first, second] = await Promise.all([
        deliver('checkout.session.completed', object, { id }),
        deliver('checkout.session.completed', object, { id, to: twin }),
        s.parts.checkouts.reconcile(),
        twin.parts.checkouts.reconcile(),
        // The customer back on the return page, asking how the checkout went.
        twin.call('GET', '/checkout/detail', { token, ...inTeam, query: { id: checkoutId } }),
      ])
      expect([first.status, second.status]).toEqual([200, 200])
      // Stripe delivers it again later.
      expect((await deliver('checkout.session.completed', object)).status).toBe(200)
    } finally {
      await twin.close()
    }

    const detail = await s.call('GET', '/checkout/detail', { token, ...inTeam, query: { id: checkoutId } })
    expect(detail.data).toMatchObject({ status: 'paid', purchase: { credits: 100 } })
    const { workspace_id } = await s.db.kysely
      .selectFrom('teams')
      .select('workspace_id')
      .where('id', '=', team.data.id)
      .executeTakeFirstOrThrow()
    expect(await ledgerBalance(s.db.kysely, Number(workspace_id))).toBe(100)
    const activity = await s.call('GET', '/team/audit', { token, query: { teamId: team.data.id } })
    const paid = (
      activity.data as { action: string; actor: { name: string } | null; detail: string }[]
    ).filter((e) => e.action === 'billing.paid')
    expect(paid).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ name: 'Olive Owner' }),
        detail: `main/payment-49-9 #${detail.data.purchase.id}`,
      }),
    ])
    // A person's own payment writes no team's activity.
    const own = await stripeCheckout('main/payment-49-9')
    const ownPaid = sessionCompleted(own.checkoutId, {
      mode: 'payment',
      payment_intent: `pi_own_${own.checkoutId}`,
    })
    expect((await deliver('checkout.session.completed', ownPaid)).status).toBe(200)
    expect(await balance(own.token)).toBe(105)
    const after = await s.call('GET', '/team/audit', { token, query: { teamId: team.data.id } })
    expect(after.total).toBe(activity.total)
  })

  it('grants nothing for a session naming the checkout with another amount, currency or session id', async () => {
    const { token, checkoutId } = await stripeCheckout('main/payment-49-9')
    const paid = sessionCompleted(checkoutId, { mode: 'payment', payment_intent: `pi_m_${checkoutId}` })
    for (const other of [{ amount_total: 1 }, { currency: 'jpy' }, { id: 'cs_test_someone_else' }])
      expect((await deliver('checkout.session.completed', { ...paid, ...other })).status).toBe(200)
    expect(await balance(token)).toBe(5)
    expect(
      (await s.call('GET', '/checkout/detail', { token, query: { id: checkoutId } })).data,
    ).toMatchObject({
      status: 'open',
    })
    await deliver('checkout.session.completed', paid)
    expect(await balance(token)).toBeGreaterThan(5)
  })

  it('a refund takes back only the credits of the purchase still unspent, once', async () => {
    const { token, userId, checkoutId } = await stripeCheckout('main/payment-49-9')
    await deliver(
      'checkout.session.completed',
      sessionCompleted(checkoutId, { mode: 'payment', payment_intent: `pi_r1_${checkoutId}` }),
    )
    // 30 credits spent (the sign-up's 5 first), then a second pack bought.
    await s.db.kysely
      .insertInto('credit_ledger')
      .values({ user_id: userId, delta: -30, reason: 'creation', idempotency_key: null, created_at: s.now() })
      .execute()
    const second = await s.call('POST', '/checkout/create', {
      token,
      body: { offerId: 'main/payment-49-9', variant: 'checkout' },
    })
    await deliver(
      'checkout.session.completed',
      sessionCompleted(second.data.checkoutId, { mode: 'payment', payment_intent: `pi_r2_${checkoutId}` }),
    )
    expect(await balance(token)).toBe(175)
    const charge = {
      id: `ch_${checkoutId}`,
      object: 'charge',
      payment_intent: `pi_r1_${checkoutId}`,
      refunded: true,
    }
    const replies = await Promise.all(Array.from({ length: 3 }, () => deliver('charge.refunded', charge)))
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200])
    // Of the first pack's 100, 25 were spent: 75 go back, the second pack stays whole.
    expect(await balance(token)).toBe(100)
    await deliver('charge.refunded', charge)
    expect(await balance(token)).toBe(100)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data.find((p: { status: string }) => p.status === 'refunded')).toMatchObject({
      credits: 100,
      refundedCredits: 75,
    })
    const history = await s.call('GET', '/credit/history', { token })
    expect(history.data[0]).toMatchObject({ delta: -75, reason: 'refund', balanceAfter: 100 })
  })

  it('a refund after everything was spent takes nothing and never makes the balance negative', async () => {
    const { token, userId, checkoutId } = await stripeCheckout('main/payment-49-9')
    await deliver(
      'checkout.session.completed',
      sessionCompleted(checkoutId, { mode: 'payment', payment_intent: `pi_all_${checkoutId}` }),
    )
    await s.db.kysely
      .insertInto('credit_ledger')
      .values({
        user_id: userId,
        delta: -105,
        reason: 'creation',
        idempotency_key: null,
        created_at: s.now(),
      })
      .execute()
    await deliver('charge.refunded', {
      id: 'ch_all',
      object: 'charge',
      payment_intent: `pi_all_${checkoutId}`,
    })
    expect(await balance(token)).toBe(0)
    const list = await s.call('GET', '/purchase/list', { token })
    expect(list.data[0]).toMatchObject({ status: 'refunded', refundedCredits: 0 })
  })

  it('a Stripe subscription: first month by the checkout, renewals by invoice.paid once each, then failure and end', async () => {
    const { token, checkoutId } = await stripeCheckout('promo/subscription-49-9')
    expect(api.requests.at(-1)?.body.get('mode')).toBe('subscription')
    const subRef = `sub_${checkoutId}`
    await deliver(
      'checkout.session.completed',
      sessionCompleted(checkoutId, { mode: 'subscription', subscription: subRef }),
    )
    const invoice = (id: string, reason: string, start: number) => invoiceOf(subRef, id, reason, start)
    const t0 = Math.floor(Date.now() / 1000)
    await deliver('invoice.paid', invoice(`in_first_${checkoutId}`, 'subscription_create', t0))
    expect(await balance(token)).toBe(5 + 150)
    const renewal = invoice(`in_2_${checkoutId}`, 'subscription_cycle', t0 + 30 * 86_400)
    await Promise.all(Array.from({ length: 5 }, () => deliver('invoice.paid', renewal)))
    await deliver('invoice.paid', renewal)
    expect(await balance(token)).toBe(5 + 300)
    const sub = (await s.call('GET', '/subscription/current', { token })).data
    expect(sub).toMatchObject({ offerId: 'promo/subscription-49-9', status: 'active', provider: 'stripe' })
    expect(sub.currentPeriodEnd).toBe(new Date((t0 + 60 * 86_400) * 1000).toISOString())

    // Cancel, resume and switch go to Stripe first, then apply here.
    const cancelled = await s.call('POST', '/subscription/cancel', { token })
    expect(cancelled.code, cancelled.msg).toBe(0)
    expect(cancelled.data.cancelAtPeriodEnd).toBe(true)
    expect(api.requests.at(-1)).toMatchObject({ path: `/v1/subscriptions/${subRef}` })
    expect(api.requests.at(-1)?.body.get('cancel_at_period_end')).toBe('true')
    expect((await s.call('POST', '/subscription/resume', { token })).data.cancelAtPeriodEnd).toBe(false)
    expect(api.requests.at(-1)?.body.get('cancel_at_period_end')).toBe('false')
    const switched = await s.call('POST', '/subscription/switch', {
      token,
      body: { offerId: 'promo/subscription-139-9' },
    })
    expect(switched.data).toMatchObject({
      offerId: 'promo/subscription-49-9',
      nextOfferId: 'promo/subscription-139-9',
    })
    const update = api.requests.at(-1)
    expect(update?.path).toBe(`/v1/subscriptions/${subRef}`)
    expect(update?.body.get('proration_behavior')).toBe('none')
    expect(update?.body.get('items[0][price]')).toMatch(/^price_/)
    // Stripe says it will end at the period end (cancelled on Stripe's side).
    await deliver('customer.subscription.updated', {
      id: subRef,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: t0 + 60 * 86_400 }] },
    })
    expect((await s.call('GET', '/subscription/current', { token })).data.cancelAtPeriodEnd).toBe(true)

    await deliver(
      'invoice.payment_failed',
      invoice(`in_3_${checkoutId}`, 'subscription_cycle', t0 + 60 * 86_400),
    )
    expect((await s.call('GET', '/subscription/current', { token })).data.status).toBe('past_due')
    await deliver('customer.subscription.deleted', {
      id: subRef,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
      items: { data: [] },
    })
    expect((await s.call('GET', '/subscription/current', { token })).data).toBeNull()
    expect(await balance(token)).toBe(305)
    const types = (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 50 } })).data.map(
      (n: { type: string }) => n.type,
    )
    expect(types.filter((t: string) => t === 'subscription_renewed')).toHaveLength(1)
    expect(types).toContain('purchase_failed')
    // Cancelled here, resumed here, cancelled on Stripe's side: one notification, saying how it stands.
    expect(
      types.filter(
        (t: string) =>
          t.startsWith('subscription_c') || (t.startsWith('subscription_re') && t !== 'subscription_renewed'),
      ),
    ).toEqual(['subscription_cancelled'])
  })

  it("tells a team's Stripe plan to its owner and admins, and writes each change into its activity once, every event delivered twice at once to two processes", async () => {
    const owner = await s.signUp('Olive Owner')
    const admin = await s.signUp('Adam Admin')
    const editor = await s.signUp('Edith Editor')
    const team = await s.call('POST', '/team/create', { token: owner.token, body: { name: 'Harbour' } })
    expect(team.code, team.msg).toBe(0)
    const teamId = team.data.id as number
    for (const [who, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
    ] as const)
      await s.db.kysely
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: who.user.id, role, created_at: s.now() })
        .execute()
    const inTeam = { headers: { Team: String(teamId) } }
    const opened = await s.call('POST', '/checkout/create', {
      token: admin.token,
      ...inTeam,
      body: { offerId: 'promo/subscription-49-9', variant: 'checkout1' },
    })
    expect(opened.code, opened.msg).toBe(0)
    const checkoutId = opened.data.checkoutId as string
    const subRef = `sub_team_${checkoutId}`
    await deliver(
      'checkout.session.completed',
      sessionCompleted(checkoutId, { mode: 'subscription', subscription: subRef }),
    )
    const t0 = Math.floor(Date.now() / 1000)
    const invoice = (id: string, start: number) => invoiceOf(subRef, id, 'subscription_cycle', start)
    const subscription = (cancel: boolean, status = 'active') => ({
      id: subRef,
      object: 'subscription',
      status,
      cancel_at_period_end: cancel,
      items: { data: [{ current_period_end: t0 + 60 * 86_400 }] },
    })
    const twin = await s.twin()
    /** The event delivered twice at once, to this process and the twin, under one id. */
    const twice = async (type: string, object: object) => {
      const id = `evt_twice_${Math.random().toString(36).slice(2)}`
      const replies = await Promise.all([
        deliver(type, object, { id }),
        deliver(type, object, { id, to: twin }),
      ])
      expect(replies.map((r) => r.status)).toEqual([200, 200])
    }
    try {
      await twice('invoice.paid', invoice(`in_team_2_${checkoutId}`, t0 + 30 * 86_400))
      await twice('customer.subscription.updated', subscription(true))
      await twice('customer.subscription.updated', subscription(false))
      await twice('invoice.payment_failed', invoice(`in_team_3_${checkoutId}`, t0 + 60 * 86_400))
      await twice('customer.subscription.deleted', subscription(false, 'canceled'))
    } finally {
      await twin.close()
    }

    const audit = await s.call('GET', '/team/audit', { token: owner.token, query: { teamId, pageSize: 100 } })
    const plan = (audit.data as { action: string; actor: { userId: number } | null; detail: string | null }[])
      .filter((e) => e.action.startsWith('subscription.'))
      .reverse()
    const [first] = (await s.call('GET', '/purchase/list', { token: admin.token, ...inTeam })).data.filter(
      (p: { source: string; status: string }) => p.source === 'renewal' && p.status === 'paid',
    )
    expect(plan).toEqual([
      expect.objectContaining({
        action: 'subscription.renewed',
        actor: null,
        detail: `promo/subscription-49-9 #${first.id}`,
      }),
      // Cancelled and resumed on Stripe's pages, which only the admin who opened the checkout reaches.
      expect.objectContaining({
        action: 'subscription.canceled',
        actor: expect.objectContaining({ userId: admin.user.id }),
      }),
      expect.objectContaining({
        action: 'subscription.resumed',
        actor: expect.objectContaining({ userId: admin.user.id }),
      }),
      expect.objectContaining({ action: 'subscription.payment_failed', actor: null }),
      expect.objectContaining({
        action: 'subscription.ended',
        actor: null,
        detail: 'promo/subscription-49-9',
      }),
    ])

    const told = async (token: string) =>
      (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })).data as {
        type: string
        params: { team?: { id: number; name: string } }
      }[]
    for (const who of [owner, admin]) {
      const notes = (await told(who.token)).filter((n) => n.type !== 'welcome')
      expect(notes.map((n) => n.type).sort()).toEqual([
        'purchase_failed',
        'purchase_paid',
        'subscription_cancelled',
        'subscription_renewed',
      ])
      for (const n of notes) expect(n.params.team, n.type).toEqual({ id: teamId, name: 'Harbour' })
    }
    expect((await told(editor.token)).filter((n) => n.type !== 'welcome')).toEqual([])
  })

  it('says so when Stripe cannot be reached, and changes nothing', async () => {
    const { token, user } = await s.signUp()
    await api.close()
    try {
      const r = await s.call('POST', '/checkout/create', { token, body: { offerId: 'main/payment-49-9' } })
      expect([r.code, r.msg]).toEqual([
        500,
        'The payment provider could not be reached; nothing was changed, please try again',
      ])
      // No checkout is left open behind the refusal.
      const left = await s.db.kysely
        .selectFrom('checkouts')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      expect(left).toEqual([])
    } finally {
      api = await fakeStripeApi(api.options.port)
    }
  })

  it('ignores event types it does not use, and a session for an unknown checkout', async () => {
    expect((await deliver('customer.created', { id: 'cus_1', object: 'customer' })).status).toBe(200)
    const unknown = await deliver(
      'checkout.session.completed',
      sessionCompleted('co_nope', { mode: 'payment' }),
    )
    expect(unknown.status).toBe(200)
  })
})

describe('the webhook without Stripe configured', () => {
  it('answers 404 in Stripe’s format', async () => {
    const s = await startServer('sqlite')
    try {
      const res = await fetch(`${s.url}/api/webhook/stripe`, { method: 'POST', body: '{}' })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Stripe is not configured on this server' })
    } finally {
      await s.close()
    }
  })
})
