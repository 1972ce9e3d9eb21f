import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { inTeam, teamHelpers } from './team-helpers'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-team-receipt-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** The PDF's text (Debian's poppler-utils), runs of spaces made one. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ')
}

const ADDRESS = { name: 'Acme Ltd', address: ['1 Harbour Road', 'Leith EH6 6LX', 'United Kingdom'] }

describe.each(engines)("a team's billing on %s", { timeout: 60_000 }, (engine) => {
  let s: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    s = await startServer(engine, { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://templet.test' })
  })
  afterAll(async () => {
    await s.close()
    await mailbox.close()
  })

  const { account, createTeam, addMember, workspaceOf } = teamHelpers(
    () => s,
    () => mailbox,
  )

  /** Acme with its owner and one member of each other role. */
  async function acme() {
    const owner = await account('Owner')
    const teamId = await createTeam(owner.token, 'Acme')
    const people = { owner, admin: await account('Admin'), editor: await account(), viewer: await account() }
    for (const role of ['admin', 'editor', 'viewer'] as const)
      await addMember(owner.token, teamId, people[role], role)
    return { teamId, people }
  }

  /** `token` buys the 49.90 pack in `teamId`'s workspace with a card that pays: the purchase. */
  async function buy(token: string, teamId: number) {
    const opened = await s.call('POST', '/checkout/create', {
      token,
      ...inTeam(teamId),
      body: { offerId: 'main/payment-49-9' },
    })
    expect(opened.code, opened.msg).toBe(0)
    const paid = await s.call('POST', '/checkout/pay', {
      token,
      ...inTeam(teamId),
      body: {
        checkoutId: opened.data.checkoutId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      },
    })
    expect(paid.code, paid.msg).toBe(0)
    return paid.data.purchase as { id: number; receiptNumber: string }
  }
  const receipt = (token: string, teamId: number, id: number) =>
    s.call('GET', '/purchase/receipt', { token, ...inTeam(teamId), query: { id } })
  async function receiptPdf(token: string, teamId: number, id: number) {
    const res = await fetch(`${s.url}/api/purchase/receipt-pdf?id=${id}&lang=en`, {
      headers: { authorization: `Bucket ${token}`, Team: String(teamId) },
    })
    expect(res.status).toBe(200)
    return pdfText(Buffer.from(await res.arrayBuffer()))
  }
  const save = (token: string, teamId: number | undefined, body: unknown) =>
    s.call('POST', '/billing/details', {
      token,
      ...(teamId === undefined ? {} : inTeam(teamId)),
      body,
    })

  it("shows every member the team's balance, and each person their own without the header", async () => {
    const { teamId, people } = await acme()
    await grantCredits(s.db.kysely, {
      userId: await workspaceOf(teamId),
      amount: 120,
      reason: 'grant',
      now: s.now(),
    })
    for (const who of ['owner', 'admin', 'editor', 'viewer'] as const) {
      const r = await s.call('GET', '/credit/balance', { token: people[who].token, ...inTeam(teamId) })
      expect(r.code, `${who}: ${r.msg}`).toBe(0)
      expect(r.data, who).toMatchObject({ balance: 120, low: false })
    }
    const own = await s.call('GET', '/credit/balance', { token: people.viewer.token })
    expect(own.data).toMatchObject({ balance: 5, low: false })
    const stranger = await account()
    const outside = await s.call('GET', '/credit/balance', { token: stranger.token, ...inTeam(teamId) })
    expect(outside.code).toBe(404)
    const empty = await createTeam(people.owner.token, 'Empty')
    const low = await s.call('GET', '/credit/balance', { token: people.owner.token, ...inTeam(empty) })
    expect(low.data).toMatchObject({ balance: 0, low: true })
  })

  it('lets the owner and admins set the billing address, refuses editors, viewers and strangers, and keeps it in the activity', async () => {
    const { teamId, people } = await acme()
    const none = await s.call('GET', '/billing/details', { token: people.admin.token, ...inTeam(teamId) })
    expect(none.code, none.msg).toBe(0)
    expect(none.data.details).toBeNull()

    for (const who of ['editor', 'viewer'] as const) {
      const refused = await save(people[who].token, teamId, ADDRESS)
      expect(refused.code, who).toBe(403)
      expect(refused.msg, who).toBe(
        `This takes the admin role or above in Acme; yours is ${who}. Ask the team's owner or an admin.`,
      )
      const read = await s.call('GET', '/billing/details', { token: people[who].token, ...inTeam(teamId) })
      expect(read.code, who).toBe(403)
    }
    const stranger = await account()
    expect((await save(stranger.token, teamId, ADDRESS)).code).toBe(404)
    // A person's receipts are billed to their account: there is no address of their own workspace to set.
    const own = await save(people.owner.token, undefined, ADDRESS)
    expect(own).toMatchObject({
      code: 400,
      msg: "A billing address is a team's: send the request in the team's workspace (the Team header)",
    })
    expect(
      (
        await s.db.kysely
          .selectFrom('billing_details')
          .selectAll()
          .where('user_id', '=', people.owner.user.id)
          .execute()
      ).length,
    ).toBe(0)

    const byAdmin = await save(people.admin.token, teamId, {
      name: '  Acme Ltd ',
      address: [' 1 Harbour Road ', 'Leith EH6 6LX'],
    })
    expect(byAdmin.code, byAdmin.msg).toBe(0)
    expect(byAdmin.data.details).toMatchObject({
      name: 'Acme Ltd',
      address: ['1 Harbour Road', 'Leith EH6 6LX'],
    })
    const byOwner = await save(people.owner.token, teamId, ADDRESS)
    expect(byOwner.code, byOwner.msg).toBe(0)
    const read = await s.call('GET', '/billing/details', { token: people.admin.token, ...inTeam(teamId) })
    expect(read.data.details).toMatchObject(ADDRESS)
    // Another team's details are its own.
    const other = await createTeam(people.owner.token, 'Other')
    const otherRead = await s.call('GET', '/billing/details', { token: people.owner.token, ...inTeam(other) })
    expect(otherRead.data.details).toBeNull()

    const activity = await s.call('GET', '/team/audit', { token: people.owner.token, query: { teamId } })
    expect(
      activity.data
        .filter((e: { action: string }) => e.action === 'billing.details')
        .map((e: { actor: { name: string }; detail: string }) => [e.actor.name, e.detail]),
    ).toEqual([
      ['Owner', 'Acme Ltd'],
      ['Admin', 'Acme Ltd'],
    ])
  })

  it('says what is wrong with a billing name or address', async () => {
    const { teamId, people } = await acme()
    const cases: [unknown, string][] = [
      [{ name: ' ', address: ['1 Road'] }, 'name: Enter the name the receipts are billed to'],
      [{ name: 'Acme', address: [] }, 'address: Enter the postal address'],
      [{ name: 'Acme', address: ['1 Road', '  '] }, 'address.1: Leave out empty address lines'],
      [{ name: 'Acme', address: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'address: The address has at most 5 lines'],
      [
        { name: 'Acme', address: ['x'.repeat(101)] },
        'address.0: Each address line must be at most 100 characters',
      ],
      [{ name: 'x'.repeat(101), address: ['1 Road'] }, 'name: Name must be at most 100 characters'],
      [
        { name: 'Acme', address: ['1 Road\u202e'] },
        'address.0: The address must not contain control or text-direction characters',
      ],
      [{ name: 'Acme', address: ['\u200b'] }, 'address.0: Each address line must contain visible characters'],
      [{ name: 'Acme', address: ['1 Road'], taxId: 'GB1' }, 'taxId: Unknown field'],
    ]
    for (const [body, msg] of cases) {
      const r = await save(people.admin.token, teamId, body)
      expect(r.code, JSON.stringify(body)).toBe(400)
      expect(r.msg, JSON.stringify(body)).toBe(msg)
    }
    const text = await save(people.admin.token, teamId, { name: 'Acme', address: '1 Harbour Road' })
    expect(text.code).toBe(400)
    expect(text.msg).toMatch(/^address: address must be a list of lines/)
    const read = await s.call('GET', '/billing/details', { token: people.admin.token, ...inTeam(teamId) })
    expect(read.data.details).toBeNull()
  })

  it("bills a team's receipts to its address once set, and a receipt keeps what it showed when it was issued", async () => {
    const { teamId, people } = await acme()
    const before = await buy(people.admin.token, teamId)
    const first = await receipt(people.owner.token, teamId, before.id)
    expect(first.data.customer).toEqual({ name: 'Acme', email: '', address: [] })

    expect((await save(people.admin.token, teamId, ADDRESS)).code).toBe(0)
    const after = await buy(people.admin.token, teamId)
    const second = await receipt(people.owner.token, teamId, after.id)
    expect(second.data.customer).toEqual({ name: 'Acme Ltd', email: '', address: ADDRESS.address })
    const pdf = await receiptPdf(people.admin.token, teamId, after.id)
    expect(pdf).toMatch(
      /Billed to[\s\S]*Acme Ltd[\s\S]*1 Harbour Road[\s\S]*Leith EH6 6LX[\s\S]*United Kingdom/i,
    )

    // The earlier receipt is as it was issued: the team's name, no address; on the page and in the PDF.
    expect((await receipt(people.owner.token, teamId, before.id)).data.customer).toEqual(first.data.customer)
    const firstPdf = await receiptPdf(people.admin.token, teamId, before.id)
    expect(firstPdf).toContain('Acme')
    expect(firstPdf).not.toContain('Harbour Road')

    // A new address reaches the next receipt only.
    const moved = { name: 'Acme Group', address: ['2 Quay Street', 'Dublin'] }
    expect((await save(people.owner.token, teamId, moved)).code).toBe(0)
    expect((await receipt(people.owner.token, teamId, after.id)).data.customer.address).toEqual(
      ADDRESS.address,
    )
    expect(await receiptPdf(people.admin.token, teamId, after.id)).not.toContain('Quay Street')
    const third = await buy(people.admin.token, teamId)
    expect((await receipt(people.owner.token, teamId, third.id)).data.customer).toEqual({
      name: 'Acme Group',
      email: '',
      address: moved.address,
    })
    // A person's receipts are billed to them as before.
    const own = await s.signUp('Ana Lima')
    const opened = await s.call('POST', '/checkout/create', {
      token: own.token,
      body: { offerId: 'main/payment-49-9' },
    })
    const paid = await s.call('POST', '/checkout/pay', {
      token: own.token,
      body: {
        checkoutId: opened.data.checkoutId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      },
    })
    const mine = await s.call('GET', '/purchase/receipt', {
      token: own.token,
      query: { id: paid.data.purchase.id },
    })
    expect(mine.data.customer).toEqual({ name: 'Ana Lima', email: own.email, address: [] })
  })

  it("forgets a deleted team's billing address, and the address its receipts kept, when the team is purged", async () => {
    const quick = await startServer(engine, { DELETION_GRACE_DAYS: '0' })
    try {
      const owner = await quick.signUp('Owner')
      const created = await quick.call('POST', '/team/create', { token: owner.token, body: { name: 'Acme' } })
      const teamId = created.data.id as number
      const saved = await quick.call('POST', '/billing/details', {
        token: owner.token,
        ...inTeam(teamId),
        body: ADDRESS,
      })
      expect(saved.code, saved.msg).toBe(0)
      const opened = await quick.call('POST', '/checkout/create', {
        token: owner.token,
        ...inTeam(teamId),
        body: { offerId: 'main/payment-49-9' },
      })
      const paid = await quick.call('POST', '/checkout/pay', {
        token: owner.token,
        ...inTeam(teamId),
        body: {
          checkoutId: opened.data.checkoutId,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
        },
      })
      expect(paid.code, paid.msg).toBe(0)
      const purchase = () =>
        quick.db.kysely
          .selectFrom('purchases')
          .select(['billed_to', 'amount_cents'])
          .where('id', '=', paid.data.purchase.id)
          .executeTakeFirstOrThrow()
      expect(JSON.parse((await purchase()).billed_to ?? 'null')).toEqual(ADDRESS)

      expect((await quick.call('POST', '/team/delete', { token: owner.token, body: { teamId } })).code).toBe(
        0,
      )
      expect(await quick.parts.accountDeletion.purgeDue()).toBe(1)
      expect(await quick.db.kysely.selectFrom('billing_details').selectAll().execute()).toEqual([])
      expect(await purchase()).toEqual({ billed_to: null, amount_cents: 4990 })
    } finally {
      await quick.close()
    }
  })
})
