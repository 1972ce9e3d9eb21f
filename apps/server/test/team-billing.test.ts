import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { teamHelpers } from './team-helpers'

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

  const { account, createTeam, addMember } = teamHelpers(
    () => s,
    () => mailbox,
  )
  const inTeam = (teamId: number) => ({ headers: { Team: String(teamId) } })
  const workspaceOf = async (teamId: number) => {
    const row = await s.db.kysely
      .selectFrom('teams')
      .select('workspace_id')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow()
    return Number(row.workspace_id)
  }

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
})
