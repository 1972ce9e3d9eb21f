import type { Notification } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { inTeam, teamHelpers } from './team-helpers'

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }
type Person = Awaited<ReturnType<TestServer['signUp']>>
type Entry = { action: string; actor: { userId: number } | null; detail: string | null }

/**
 * The credits and plan of a team's workspace are told to each of its owner and admins, naming the team, and its
 * plan's changes are written into its activity once, by the transaction that made them (ADR 0211).
 */
describe.each(engines)(
  "a team's billing notifications and plan changes on %s",
  { timeout: 120_000 },
  (engine) => {
    let s: TestServer
    let mailbox: Awaited<ReturnType<typeof startMailbox>>
    beforeAll(async () => {
      mailbox = await startMailbox()
      // Sessions outlive the months these tests move the clock through.
      s = await startServer(engine, {
        SMTP_URL: mailbox.url,
        PUBLIC_URL: 'https://templet.test',
        SESSION_TTL_SECONDS: String(365 * 24 * 3600),
      })
    })
    afterAll(async () => {
      await s.close()
      await mailbox.close()
    })

    const { account, createTeam, addMember, workspaceOf } = teamHelpers(
      () => s,
      () => mailbox,
    )
    const ofType = async (token: string, type: Notification['type']): Promise<Notification[]> =>
      (
        (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } }))
          .data as Notification[]
      ).filter((n) => n.type === type)
    const storedFor = async (userId: number) =>
      s.db.kysely.selectFrom('notifications').select('type').where('user_id', '=', userId).execute()
    const activity = async (token: string, teamId: number): Promise<Entry[]> =>
      (await s.call('GET', '/team/audit', { token, query: { teamId, pageSize: 100 } })).data
    const entries = async (token: string, teamId: number, action: string) =>
      (await activity(token, teamId)).filter((e) => e.action === action)
    /** Moves a server's clock to just after `ms`. */
    const moveTo = (server: TestServer, ms: number) => server.advance(ms + 1 - server.now())

    /** Northwind with its owner, two admins, an editor and a viewer. */
    async function northwind() {
      const owner = await account('Olive Owner')
      const teamId = await createTeam(owner.token, 'Northwind Studio')
      const people = {
        owner,
        admin: await account('Adam Admin'),
        second: await account('Ada Admin'),
        editor: await account('Edith Editor'),
        viewer: await account('Vic Viewer'),
      }
      await addMember(owner.token, teamId, people.admin, 'admin')
      await addMember(owner.token, teamId, people.second, 'admin')
      await addMember(owner.token, teamId, people.editor, 'editor')
      await addMember(owner.token, teamId, people.viewer, 'viewer')
      const team = { id: teamId, name: 'Northwind Studio' }
      return { teamId, team, workspace: await workspaceOf(teamId), people }
    }
    type Northwind = Awaited<ReturnType<typeof northwind>>

    /** Each buyer (owner, admins) holds exactly one notification of `type`, naming the team; nobody else any. */
    async function toldBuyersOnce(t: Northwind, type: Notification['type']) {
      const told: Notification[] = []
      for (const who of ['owner', 'admin', 'second'] as const) {
        const got = await ofType(t.people[who].token, type)
        expect(got, `${who}: ${type}`).toHaveLength(1)
        expect(got[0]?.params, who).toMatchObject({ team: t.team })
        told.push(got[0] as Notification)
      }
      for (const who of ['editor', 'viewer'] as const)
        expect(await ofType(t.people[who].token, type), `${who}: ${type}`).toEqual([])
      // The team's own row, which nobody reads, holds none of it.
      expect(await storedFor(t.workspace)).toEqual([])
      return told
    }

    /** `who` buys `offerId` in the team's workspace with a card that pays. */
    async function buy(who: Person, teamId: number, offerId: string) {
      const opened = await s.call('POST', '/checkout/create', {
        token: who.token,
        ...inTeam(teamId),
        body: { offerId, variant: 'checkout' },
      })
      expect(opened.code, opened.msg).toBe(0)
      const paid = await s.call('POST', '/checkout/pay', {
        token: who.token,
        ...inTeam(teamId),
        body: { checkoutId: opened.data.checkoutId, ...card },
      })
      expect(paid.code, paid.msg).toBe(0)
      expect(paid.data.status).toBe('paid')
      return paid.data.purchase as { id: number }
    }
    const current = async (token: string, teamId: number) =>
      (await s.call('GET', '/subscription/current', { token, ...inTeam(teamId) })).data

    /** A creation by `who` (in the team's workspace, or their own), of a catalogue template that needs no photo. */
    async function create(who: Person, teamId?: number) {
      const list = await s.call('GET', '/template/list')
      for (const t of list.data as { id: number }[]) {
        const detail = await s.call('GET', '/template/detail', { query: { id: t.id } })
        const fields = detail.data.fields as { kind: string; required?: boolean }[]
        if (fields.some((f) => f.kind === 'image' && f.required)) continue
        return s.call('POST', '/creation/create', {
          token: who.token,
          ...(teamId === undefined ? {} : inTeam(teamId)),
          body: { templateId: t.id, values: {} },
        })
      }
      throw new Error('every catalogue template asks for a photo')
    }

    it("tells the owner and each admin of a pack bought and of credits running low, naming the team; not editors, viewers or the team's row", async () => {
      const t = await northwind()
      await grantCredits(s.db.kysely, { userId: t.workspace, amount: 3, reason: 'grant', now: s.now() })
      // An editor's creation leaves 2: the buyers are told, the editor who spent is not.
      const made = await create(t.people.editor, t.teamId)
      expect(made.code, made.msg).toBe(0)
      const [low] = await toldBuyersOnce(t, 'credits_low')
      expect(low?.params).toEqual({ balance: 2, threshold: 3, team: t.team })
      expect(low?.content).toBe(
        'The team has 2 credits left. Top up to keep creating. In the team “Northwind Studio”.',
      )

      const purchase = await buy(t.people.second, t.teamId, 'main/payment-49-9')
      const [paid] = await toldBuyersOnce(t, 'purchase_paid')
      expect(paid?.params).toMatchObject({ purchaseId: purchase.id, credits: 100, team: t.team })
      expect(paid?.content).toBe(
        "100 credits were added to the team's balance (49.90 USD). In the team “Northwind Studio”.",
      )
      // The members' own welcome is theirs alone: no one was told anything else of the team.
      expect(await ofType(t.people.editor.token, 'purchase_paid')).toEqual([])
    })

    it('keeps a person’s own workspace as it was: told to them alone, without a team', async () => {
      const t = await northwind()
      const me = t.people.admin
      // The sign-up's 5 credits: the third creation leaves 2.
      for (let i = 0; i < 3; i += 1) {
        const made = await create(me)
        expect(made.code, made.msg).toBe(0)
      }
      const opened = await s.call('POST', '/checkout/create', {
        token: me.token,
        body: { offerId: 'main/subscription-49-9', variant: 'checkout' },
      })
      await s.call('POST', '/checkout/pay', {
        token: me.token,
        body: { checkoutId: opened.data.checkoutId, ...card },
      })
      const cancelled = await s.call('POST', '/subscription/cancel', { token: me.token })
      expect(cancelled.code, cancelled.msg).toBe(0)
      for (const type of ['credits_low', 'purchase_paid', 'subscription_cancelled'] as const) {
        const got = await ofType(me.token, type)
        expect(got, type).toHaveLength(1)
        expect(got[0]?.params, type).not.toHaveProperty('team')
      }
      expect((await ofType(me.token, 'subscription_cancelled'))[0]?.content).toMatch(
        /^Your subscription stays/,
      )
      for (const who of ['owner', 'second'] as const) {
        expect(await ofType(t.people[who].token, 'purchase_paid')).toEqual([])
        expect(await ofType(t.people[who].token, 'subscription_cancelled')).toEqual([])
      }
      // Nothing of it reaches the activity of the team the person is an admin of.
      expect(
        (await activity(t.people.owner.token, t.teamId)).filter((e) => e.action.startsWith('subscription.')),
      ).toEqual([])
    })

    it("cancels and resumes a team's plan once each when two admins ask at once, told to the buyers and written into the activity once", async () => {
      const t = await northwind()
      await buy(t.people.admin, t.teamId, 'main/subscription-49-9')
      await toldBuyersOnce(t, 'purchase_paid')
      const twin = await s.twin()
      try {
        const twice = (path: string) =>
          Promise.all([
            s.call('POST', path, { token: t.people.admin.token, ...inTeam(t.teamId) }),
            twin.call('POST', path, { token: t.people.second.token, ...inTeam(t.teamId) }),
          ])
        const cancelled = await twice('/subscription/cancel')
        expect(cancelled.map((r) => [r.code, r.data.cancelAtPeriodEnd])).toEqual([
          [0, true],
          [0, true],
        ])
        const [told] = await toldBuyersOnce(t, 'subscription_cancelled')
        expect(told?.content).toMatch(
          /^The team's plan stays active until .+ In the team “Northwind Studio”\.$/,
        )
        const canceled = await entries(t.people.owner.token, t.teamId, 'subscription.canceled')
        expect(canceled).toHaveLength(1)
        expect([t.people.admin.user.id, t.people.second.user.id]).toContain(canceled[0]?.actor?.userId)

        const resumed = await twice('/subscription/resume')
        expect(resumed.map((r) => [r.code, r.data.cancelAtPeriodEnd])).toEqual([
          [0, false],
          [0, false],
        ])
        // "Resumed" takes the place of "cancelled": one notification saying how the plan stands.
        await toldBuyersOnce(t, 'subscription_resumed')
        for (const who of ['owner', 'admin', 'second'] as const)
          expect(await ofType(t.people[who].token, 'subscription_cancelled')).toEqual([])
        expect(await entries(t.people.owner.token, t.teamId, 'subscription.resumed')).toHaveLength(1)
        expect(await entries(t.people.owner.token, t.teamId, 'subscription.canceled')).toHaveLength(1)
        expect((await current(t.people.owner.token, t.teamId)).cancelAtPeriodEnd).toBe(false)
      } finally {
        await twin.close()
      }
    })

    it("renews a team's plan once with two schedulers racing, then a failed renewal, each told to the buyers and written once with no member named", async () => {
      const t = await northwind()
      await buy(t.people.owner, t.teamId, 'main/subscription-49-9')
      const sub = await current(t.people.owner.token, t.teamId)
      const twin = await s.twin()
      try {
        const race = async (ms: number) => {
          moveTo(s, ms)
          moveTo(twin, ms)
          await Promise.all([
            s.parts.subscriptions.runDueRenewals(),
            twin.parts.subscriptions.runDueRenewals(),
            s.parts.subscriptions.runDueRenewals(),
            twin.parts.subscriptions.runDueRenewals(),
          ])
        }
        await race(Date.parse(sub.currentPeriodEnd))
        const [renewed] = await toldBuyersOnce(t, 'subscription_renewed')
        if (renewed?.type !== 'subscription_renewed') throw new Error('no renewal was told')
        expect(renewed.params).toMatchObject({ credits: 125, team: t.team })
        const renewals = await entries(t.people.admin.token, t.teamId, 'subscription.renewed')
        expect(renewals).toEqual([
          expect.objectContaining({
            actor: null,
            detail: `main/subscription-49-9 #${renewed.params.purchaseId}`,
          }),
        ])

        // The next month the card is refused.
        const next = await current(t.people.owner.token, t.teamId)
        await s.db.kysely
          .updateTable('subscriptions')
          .set({ card_outcome: 'insufficient_funds' })
          .where('id', '=', next.id)
          .execute()
        await race(Date.parse(next.currentPeriodEnd))
        expect((await current(t.people.owner.token, t.teamId)).status).toBe('past_due')
        const [failed] = await toldBuyersOnce(t, 'purchase_failed')
        expect(failed?.params).toMatchObject({ reason: 'renewal_failed', team: t.team })
        expect(failed?.content).toMatch(/^The renewal payment failed and the team's plan is past due\./)
        expect(await entries(t.people.owner.token, t.teamId, 'subscription.payment_failed')).toEqual([
          expect.objectContaining({ actor: null }),
        ])
        expect(await entries(t.people.owner.token, t.teamId, 'subscription.renewed')).toHaveLength(1)
      } finally {
        await twin.close()
      }
    })

    it('ends a cancelled team plan at its period end once, whichever scheduler gets there', async () => {
      const t = await northwind()
      await buy(t.people.admin, t.teamId, 'main/subscription-49-9')
      const cancelled = await s.call('POST', '/subscription/cancel', {
        token: t.people.owner.token,
        ...inTeam(t.teamId),
      })
      expect(cancelled.code, cancelled.msg).toBe(0)
      const canceled = await entries(t.people.owner.token, t.teamId, 'subscription.canceled')
      expect(canceled).toEqual([
        expect.objectContaining({ actor: expect.objectContaining({ userId: t.people.owner.user.id }) }),
      ])
      const twin = await s.twin()
      try {
        const end = Date.parse(cancelled.data.currentPeriodEnd)
        moveTo(s, end)
        moveTo(twin, end)
        await Promise.all([
          s.parts.subscriptions.runDueRenewals(),
          twin.parts.subscriptions.runDueRenewals(),
          s.parts.subscriptions.runDueRenewals(),
        ])
      } finally {
        await twin.close()
      }
      expect(await current(t.people.owner.token, t.teamId)).toBeNull()
      expect(await entries(t.people.owner.token, t.teamId, 'subscription.ended')).toEqual([
        expect.objectContaining({ actor: null, detail: 'main/subscription-49-9' }),
      ])
      expect(await entries(t.people.owner.token, t.teamId, 'subscription.renewed')).toEqual([])
    })
  },
)
