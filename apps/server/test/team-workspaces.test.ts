import { type EndpointName, endpoints } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { workspaceAccess } from '../src/features/teams/workspace-access'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { form, solidImage } from './media/images'
import { inTeam, teamHelpers } from './team-helpers'

describe.each(engines)('team workspaces on %s', (engine) => {
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
  /** A catalogue template that needs no photo, so a creation takes no values. */
  const templateWithoutPhoto = async () => {
    const list = await s.call('GET', '/template/list')
    for (const t of list.data as { id: number }[]) {
      const detail = await s.call('GET', '/template/detail', { query: { id: t.id } })
      const fields = detail.data.fields as { kind: string; required?: boolean }[]
      if (!fields.some((f) => f.kind === 'image' && f.required)) return t.id
    }
    throw new Error('every catalogue template asks for a photo')
  }

  /** A team with a member of each role, a stranger and a removed member. */
  const teamOfEveryRole = async () => {
    const owner = await account('Owner')
    const teamId = await createTeam(owner.token)
    const people = { owner, admin: await account(), editor: await account(), viewer: await account() }
    for (const role of ['admin', 'editor', 'viewer'] as const)
      await addMember(owner.token, teamId, people[role], role)
    const removed = await account()
    await addMember(owner.token, teamId, removed, 'editor')
    const gone = await s.call('POST', '/team/remove', {
      token: owner.token,
      body: { teamId, userId: removed.user.id },
    })
    expect(gone.code, gone.msg).toBe(0)
    return { teamId, people: { ...people, stranger: await account(), removed } }
  }

  it('walks every endpoint of the table for each role: let in from its least role, 403 below, 404 outside', async () => {
    const { teamId, people } = await teamOfEveryRole()
    const rank = { viewer: 0, editor: 1, admin: 2, owner: 3 }
    const walked: string[] = []
    for (const [name, access] of Object.entries(workspaceAccess) as [EndpointName, string][]) {
      // About the person: the header is ignored (its own test below); calling them all would log everyone out.
      if (access === 'person') continue
      const { method, path } = endpoints[name]
      for (const [who, person] of Object.entries(people)) {
        // An empty request: past the role check it fails validation, finds nothing or answers; never refused for the
        // role or the team.
        const r = await s.call(method, path, {
          token: person.token,
          ...inTeam(teamId),
          ...(method === 'POST' ? { body: {} } : {}),
        })
        const what = `${who} ${method} ${path}: ${r.code} ${r.msg}`
        if (who === 'stranger' || who === 'removed') {
          expect(r.code, what).toBe(404)
          expect(r.msg, what).toBe('Team not found: you are not a member of it')
        } else if (rank[who as keyof typeof rank] >= rank[access as keyof typeof rank]) {
          expect(r.code, what).not.toBe(403)
          expect(r.msg, what).not.toBe('Team not found: you are not a member of it')
        } else {
          expect(r.code, what).toBe(403)
          expect(r.msg, what).toMatch(
            new RegExp(`takes the ${access} role or above in Northwind Studio; yours is ${who}`),
          )
        }
      }
      walked.push(name)
    }
    expect(walked.length).toBeGreaterThan(40)
    // An endpoint that needs no session acts for no one, in no team.
    for (const [name, def] of Object.entries(endpoints))
      if (def.auth === 'none') expect(workspaceAccess[name as EndpointName], name).toBe('person')

    // An endpoint about the person answers for the person whatever the header says.
    const me = await s.call('GET', '/user/my-info', { token: people.stranger.token, ...inTeam(teamId) })
    expect(me.data).toMatchObject({ email: people.stranger.email, credits: 5 })
    const bad = await s.call('GET', '/creation/list', { token: people.owner.token, headers: { Team: 'x' } })
    expect(bad).toMatchObject({ code: 400, msg: "The Team header takes a team's number" })
  })

  it("keeps what members make in the team apart from each one's own, and spends the team's credits", async () => {
    const owner = await account('Owner')
    const editor = await account('Editor')
    const viewer = await account('Viewer')
    const teamId = await createTeam(owner.token)
    await addMember(owner.token, teamId, editor, 'editor')
    await addMember(owner.token, teamId, viewer, 'viewer')
    const templateId = await templateWithoutPhoto()

    const broke = await s.call('POST', '/creation/create', {
      token: editor.token,
      ...inTeam(teamId),
      body: { templateId, values: {} },
    })
    expect(broke.code, 'a new team has no credits').toBe(402)
    await grantCredits(s.db.kysely, {
      userId: await workspaceOf(teamId),
      amount: 3,
      reason: 'grant',
      now: s.now(),
    })
    const made = await s.call('POST', '/creation/create', {
      token: editor.token,
      ...inTeam(teamId),
      body: { templateId, values: {}, name: 'Team launch' },
    })
    expect(made.code, made.msg).toBe(0)

    const seen = await s.call('GET', '/creation/list', { token: viewer.token, ...inTeam(teamId) })
    expect(seen.data.map((c: { name: string }) => c.name)).toEqual(['Team launch'])
    const detail = await s.call('GET', '/creation/detail', {
      token: owner.token,
      ...inTeam(teamId),
      query: { id: made.data.id },
    })
    expect(detail.code, detail.msg).toBe(0)
    expect((await s.call('GET', '/creation/list', { token: editor.token })).data).toEqual([])
    // Outside the team the same creation is no one's.
    const personal = await s.call('GET', '/creation/detail', {
      token: owner.token,
      query: { id: made.data.id },
    })
    expect(personal.code).toBe(404)
    expect((await s.call('GET', '/user/my-info', { token: editor.token })).data.credits).toBe(5)
    const history = await s.call('GET', '/credit/history', { token: owner.token, ...inTeam(teamId) })
    expect(history.code, history.msg).toBe(0)
    expect(history.data.map((e: { delta: number }) => e.delta)).toEqual([-1, 3])

    // A key made in the team is the team's: listed there, not in the admin's own list.
    const key = await s.call('POST', '/key/create', {
      token: owner.token,
      ...inTeam(teamId),
      body: { name: 'CI', scopes: ['read', 'render'] },
    })
    expect(key.code, key.msg).toBe(0)
    expect((await s.call('GET', '/key/list', { token: owner.token, ...inTeam(teamId) })).data).toHaveLength(1)
    expect((await s.call('GET', '/key/list', { token: owner.token })).data).toEqual([])
    const balance = await fetch(`${s.url}/v1/balance`, {
      headers: { authorization: `Bearer ${key.data.key}` },
    })
    expect(((await balance.json()) as { credits: number }).credits).toBe(2)
  })

  it('lets an admin buy credits for the team, billed to the team, and no editor', async () => {
    const owner = await account('Owner')
    const admin = await account('Admin')
    const editor = await account('Editor')
    const teamId = await createTeam(owner.token)
    await addMember(owner.token, teamId, admin, 'admin')
    await addMember(owner.token, teamId, editor, 'editor')
    const checkout = (token: string) =>
      s.call('POST', '/checkout/create', {
        token,
        ...inTeam(teamId),
        body: { offerId: 'main/payment-49-9', variant: 'checkout' },
      })
    const refused = await checkout(editor.token)
    expect(refused.code).toBe(403)
    const opened = await checkout(admin.token)
    expect(opened.code, opened.msg).toBe(0)
    const paid = await s.call('POST', '/checkout/pay', {
      token: admin.token,
      ...inTeam(teamId),
      body: {
        checkoutId: opened.data.checkoutId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      },
    })
    expect(paid.code, paid.msg).toBe(0)
    expect(paid.data.balance).toBe(paid.data.purchase.credits)
    expect((await s.call('GET', '/user/my-info', { token: admin.token })).data.credits).toBe(5)
    expect((await s.call('GET', '/purchase/list', { token: admin.token })).data).toEqual([])
    const receipt = await s.call('GET', '/purchase/receipt', {
      token: owner.token,
      ...inTeam(teamId),
      query: { id: paid.data.purchase.id },
    })
    expect(receipt.data.customer).toEqual({ name: 'Northwind Studio', email: '', address: [] })
    // A paid checkout sent again (a double click) answers paid again: the activity keeps one payment.
    const again = await s.call('POST', '/checkout/pay', {
      token: admin.token,
      ...inTeam(teamId),
      body: {
        checkoutId: opened.data.checkoutId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      },
    })
    expect(again.data.purchase.id).toBe(paid.data.purchase.id)
    const key = await s.call('POST', '/key/create', {
      token: admin.token,
      ...inTeam(teamId),
      body: { name: 'Zapier', scopes: ['render'] },
    })
    expect(key.code, key.msg).toBe(0)
    const revoked = await s.call('POST', '/key/revoke', {
      token: owner.token,
      ...inTeam(teamId),
      body: { id: key.data.id },
    })
    expect(revoked.code, revoked.msg).toBe(0)
    const activity = await s.call('GET', '/team/audit', { token: owner.token, query: { teamId } })
    expect(
      activity.data
        .slice(0, 3)
        .map((e: { action: string; actor: { name: string }; detail: string }) => [
          e.action,
          e.actor.name,
          e.detail,
        ]),
    ).toEqual([
      ['key.revoked', 'Owner', `#${key.data.id}`],
      ['key.created', 'Admin', 'Zapier'],
      ['billing.paid', 'Admin', `main/payment-49-9 #${paid.data.purchase.id}`],
    ])
    expect(activity.data.filter((e: { action: string }) => e.action === 'billing.paid')).toHaveLength(1)
    // Anyone but an admin or the owner reads none of it.
    const hidden = await s.call('GET', '/purchase/receipt', {
      token: editor.token,
      ...inTeam(teamId),
      query: { id: paid.data.purchase.id },
    })
    expect(hidden.code).toBe(403)
  })

  it("spends the team's credits once under 20 parallel creations by two members from two server processes", async () => {
    const owner = await account('Owner')
    const editor = await account('Editor')
    const teamId = await createTeam(owner.token)
    await addMember(owner.token, teamId, editor, 'editor')
    const templateId = await templateWithoutPhoto()
    const workspace = await workspaceOf(teamId)
    await grantCredits(s.db.kysely, { userId: workspace, amount: 7, reason: 'grant', now: s.now() })
    const twin = await s.twin()
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? twin : s).call('POST', '/creation/create', {
            token: (i % 4 < 2 ? owner : editor).token,
            ...inTeam(teamId),
            body: { templateId, values: {} },
          }),
        ),
      )
      const codes = answers.map((a) => a.code)
      expect(codes.filter((c) => c === 0)).toHaveLength(7)
      expect(codes.filter((c) => c === 402)).toHaveLength(13)
      const listed = await s.call('GET', '/creation/list', { token: editor.token, ...inTeam(teamId) })
      expect(listed.total).toBe(7)
      for (const person of [owner, editor])
        expect((await s.call('GET', '/user/my-info', { token: person.token })).data.credits).toBe(5)
    } finally {
      await twin.close()
    }
  })

  it('refuses a removed member at once, and a deleted team takes what it made with it', async () => {
    const quick = await startServer(engine, { DELETION_GRACE_DAYS: '0' })
    try {
      const [owner, editor] = [await quick.signUp(), await quick.signUp()]
      const teamId = await createTeam(owner.token, 'Short-lived', quick)
      await quick.db.kysely
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: editor.user.id, role: 'editor', created_at: quick.now() })
        .execute()
      const uploaded = await quick.call('POST', '/upload/image', {
        token: editor.token,
        ...inTeam(teamId),
        form: form(await solidImage('png'), 'logo.png', 'image/png'),
      })
      expect(uploaded.code, uploaded.msg).toBe(0)
      const removed = await quick.call('POST', '/team/remove', {
        token: owner.token,
        body: { teamId, userId: editor.user.id },
      })
      expect(removed.code, removed.msg).toBe(0)
      const after = await quick.call('GET', '/upload/list', { token: editor.token, ...inTeam(teamId) })
      expect(after.code).toBe(404)

      const workspace = Number(
        (
          await quick.db.kysely
            .selectFrom('teams')
            .select('workspace_id')
            .where('id', '=', teamId)
            .executeTakeFirstOrThrow()
        ).workspace_id,
      )
      expect((await quick.call('POST', '/team/delete', { token: owner.token, body: { teamId } })).code).toBe(
        0,
      )
      expect(await quick.parts.accountDeletion.purgeDue()).toBe(1)
      expect(
        await quick.db.kysely.selectFrom('uploads').select('id').where('user_id', '=', workspace).execute(),
      ).toEqual([])
      const tombstone = await quick.db.kysely
        .selectFrom('users')
        .select(['kind', 'deleted_at'])
        .where('id', '=', workspace)
        .executeTakeFirstOrThrow()
      expect(tombstone.kind).toBe('team')
      expect(tombstone.deleted_at).not.toBeNull()
    } finally {
      await quick.close()
    }
  })
})
