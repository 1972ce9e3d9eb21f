import { TEAM_INVITATION_DAYS, TEAM_SEATS_MAX, TEAMS_PER_PERSON_MAX } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { linkToken, startMailbox } from './mailbox'
import { teamHelpers } from './team-helpers'

const DAY = 24 * 60 * 60 * 1000

describe.each(engines)('teams on %s', (engine) => {
  let s: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    // The seat test mails more invitations than the hourly limit allows one account; the limit has its own test.
    s = await startServer(engine, {
      SMTP_URL: mailbox.url,
      PUBLIC_URL: 'https://templet.test',
      TEAM_INVITE_LIMIT: '1000',
    })
  })
  afterAll(async () => {
    await s.close()
    await mailbox.close()
  })

  const { account, createTeam, members, invite, join, addMember } = teamHelpers(
    () => s,
    () => mailbox,
  )

  it('creates a team owned by its creator, lists it with the role, and tells strangers nothing of it', async () => {
    const owner = await account('Ada')
    const created = await s.call('POST', '/team/create', {
      token: owner.token,
      body: { name: '  Northwind  ' },
    })
    expect(created.data).toMatchObject({ name: 'Northwind', role: 'owner' })
    const list = await s.call('GET', '/team/list', { token: owner.token })
    expect(list.data).toEqual([
      { id: created.data.id, name: 'Northwind', role: 'owner', approvedOnly: false },
    ])
    expect(list.total).toBe(1)
    const m = await members(owner.token, created.data.id)
    expect(m.data.members).toEqual([
      expect.objectContaining({ userId: owner.user.id, name: 'Ada', email: owner.email, role: 'owner' }),
    ])
    expect(m.data).toMatchObject({ invitations: [], seats: 1, seatsMax: TEAM_SEATS_MAX })

    const stranger = await account()
    const seen = await members(stranger.token, created.data.id)
    expect(seen.code).toBe(404)
    expect((await members(stranger.token, 999_999)).msg).toBe(seen.msg)
    const empty = await s.call('POST', '/team/create', { token: owner.token, body: { name: ' \u200b ' } })
    expect(empty.code).toBe(400)
    expect(empty.msg).toMatch(/^name: /)
    expect((await s.call('POST', '/team/create', { body: { name: 'No one' } })).code).toBe(401)
  })

  it('mails a single-use link that joins the invited account with its role', async () => {
    const owner = await account('Ada')
    const teamId = await createTeam(owner.token, 'Northwind')
    const editor = await account('Grace')
    const sent = await invite(owner.token, teamId, ` ${editor.email.toUpperCase()} `, 'editor')
    expect(sent.code, sent.msg).toBe(0)
    expect(sent.data.invitation).toMatchObject({ email: editor.email, role: 'editor' })
    expect(Date.parse(sent.data.invitation.expiresAt) - s.now()).toBe(TEAM_INVITATION_DAYS * DAY)
    const mail = await mailbox.next(editor.email)
    expect(mail.subject).toBe('Ada invited you to Northwind on Templet')
    expect(mail.text).toContain('as an editor')
    expect(mail.text).toMatch(/https:\/\/templet\.test\/join\?token=/)
    const link = linkToken(mail)
    expect((await members(owner.token, teamId)).data.invitations).toHaveLength(1)

    // Only the account it was sent to takes it.
    const other = await account()
    const wrong = await join(other.token, link)
    expect(wrong.code).toBe(403)
    expect(wrong.msg).toContain(editor.email)

    const joined = await join(editor.token, link)
    expect(joined.data).toMatchObject({ teamId })
    expect((await s.call('GET', '/team/list', { token: editor.token })).data).toEqual([
      { id: teamId, name: 'Northwind', role: 'editor', approvedOnly: false },
    ])
    const after = await members(owner.token, teamId)
    expect(after.data.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Ada', 'owner'],
      ['Grace', 'editor'],
    ])
    expect(after.data).toMatchObject({ invitations: [], seats: 2 })
    // An editor sees the members, not the invitations.
    await invite(owner.token, teamId, 'someone@example.com', 'viewer')
    const seenByEditor = await members(editor.token, teamId)
    expect(seenByEditor.data).toMatchObject({ invitations: [], seats: 3 })
    expect((await join(editor.token, link)).code).toBe(409)
    expect((await invite(owner.token, teamId, editor.email, 'viewer')).code).toBe(409)
    expect((await join(editor.token, 'not-a-token')).code).toBe(404)
  })

  it('refuses a link after its 7 days, once revoked, and once replaced by a newer one', async () => {
    const owner = await account()
    const teamId = await createTeam(owner.token)
    const late = await account()
    await invite(owner.token, teamId, late.email, 'viewer')
    const expiring = linkToken(await mailbox.next(late.email))
    s.advance(TEAM_INVITATION_DAYS * DAY)
    // A week on, both sign in again.
    for (const who of [owner, late]) {
      const signedIn = await s.call('POST', '/user/login', {
        body: { email: who.email, password: who.password },
      })
      who.token = signedIn.data.token
    }
    const expired = await join(late.token, expiring)
    expect(expired.code).toBe(404)
    expect(expired.msg).toMatch(/expired/)
    expect((await members(owner.token, teamId)).data).toMatchObject({ invitations: [], seats: 1 })

    const r = await invite(owner.token, teamId, late.email, 'viewer')
    const first = linkToken(await mailbox.next(late.email))
    expect(
      (
        await s.call('POST', '/team/invite/revoke', {
          token: owner.token,
          body: { teamId, id: r.data.invitation.id },
        })
      ).code,
    ).toBe(0)
    const revoked = await join(late.token, first)
    expect(revoked.code).toBe(404)
    expect(revoked.msg).toMatch(/revoked/)

    await invite(owner.token, teamId, late.email, 'viewer')
    const replaced = linkToken(await mailbox.next(late.email))
    await invite(owner.token, teamId, late.email, 'editor')
    const newest = linkToken(await mailbox.next(late.email))
    expect((await join(late.token, replaced)).code).toBe(404)
    expect((await members(owner.token, teamId)).data.invitations).toEqual([
      expect.objectContaining({ email: late.email, role: 'editor' }),
    ])
    expect((await join(late.token, newest)).data).toMatchObject({ teamId })
  })

  it('lets each role manage people as far as it may, and a removed member is refused at once', async () => {
    const owner = await account('Owner')
    const teamId = await createTeam(owner.token)
    const [admin, editor, viewer, second] = [
      await account(),
      await account(),
      await account(),
      await account(),
    ]
    await addMember(owner.token, teamId, admin, 'admin')
    await addMember(owner.token, teamId, editor, 'editor')
    await addMember(owner.token, teamId, viewer, 'viewer')
    await addMember(admin.token, teamId, second, 'editor')
    const id = { owner: owner.user.id, admin: admin.user.id, editor: editor.user.id, viewer: viewer.user.id }
    const role = (token: string, userId: number, r: string) =>
      s.call('POST', '/team/role', { token, body: { teamId, userId, role: r } })
    const remove = (token: string, userId: number) =>
      s.call('POST', '/team/remove', { token, body: { teamId, userId } })

    // Inviting: the owner any role, an admin editors and viewers, the others no one.
    const table: Array<[string, string, string, number]> = [
      ['admin', admin.token, 'admin', 403],
      ['admin', admin.token, 'viewer', 0],
      ['editor', editor.token, 'viewer', 403],
      ['viewer', viewer.token, 'viewer', 403],
      ['owner', owner.token, 'admin', 0],
    ]
    for (const [who, token, r, code] of table)
      expect((await invite(token, teamId, `${who}-${r}@example.com`, r)).code, `${who} invites a ${r}`).toBe(
        code,
      )

    // Roles: the owner's stays; an admin changes editors and viewers only, to editor or viewer.
    expect((await role(owner.token, id.owner, 'admin')).code).toBe(403)
    expect((await role(admin.token, id.editor, 'viewer')).code).toBe(0)
    expect((await role(admin.token, id.editor, 'admin')).code).toBe(403)
    expect((await role(admin.token, id.admin, 'editor')).code).toBe(403)
    expect((await role(editor.token, id.viewer, 'editor')).code).toBe(403)
    expect((await role(owner.token, id.editor, 'editor')).code).toBe(0)
    expect((await role(owner.token, 999_999, 'editor')).code).toBe(404)

    // Removing: never the owner; an admin editors and viewers; anyone themselves.
    expect((await remove(admin.token, id.owner)).code).toBe(403)
    expect((await remove(owner.token, id.owner)).code).toBe(403)
    expect((await remove(editor.token, id.viewer)).code).toBe(403)
    expect((await remove(viewer.token, id.viewer)).code).toBe(0)
    expect((await members(viewer.token, teamId)).code).toBe(404)
    expect((await remove(admin.token, id.editor)).code).toBe(0)
    expect((await members(editor.token, teamId)).code).toBe(404)
    expect((await s.call('GET', '/team/list', { token: editor.token })).data).toEqual([])
    expect((await remove(owner.token, id.admin)).code).toBe(0)
    expect((await invite(admin.token, teamId, 'late@example.com', 'viewer')).code).toBe(404)
    const left = await members(owner.token, teamId)
    expect(left.data.members.map((m: { userId: number }) => m.userId)).toEqual([id.owner, second.user.id])
  })

  it('lets the owner hand the team over and delete it; an account that owns a team with others is not deleted', async () => {
    const owner = await account('Owner')
    const teamId = await createTeam(owner.token, 'Handed')
    const [next, editor] = [await account('Next'), await account('Editor')]
    await addMember(owner.token, teamId, next, 'viewer')
    await addMember(owner.token, teamId, editor, 'editor')
    const transfer = (token: string, userId: number) =>
      s.call('POST', '/team/transfer', { token, body: { teamId, userId } })
    const remove = (token: string) => s.call('POST', '/team/delete', { token, body: { teamId } })

    // Deleting the account waits until the team is someone else's or gone.
    const refused = await s.call('POST', '/user/delete', {
      token: owner.token,
      body: { password: owner.password },
    })
    expect(refused.code).toBe(409)
    expect(refused.msg).toBe(
      'You own Handed with other members: hand each team over to one of them, or delete it, first',
    )
    expect((await s.call('GET', '/user/my-info', { token: owner.token })).code).toBe(0)

    expect((await transfer(editor.token, editor.user.id)).code).toBe(403)
    expect((await transfer(owner.token, 999_999)).code).toBe(404)
    expect((await transfer(owner.token, next.user.id)).code).toBe(0)
    const roles = (await members(next.token, teamId)).data.members.map(
      (m: { name: string; role: string }) => [m.name, m.role],
    )
    expect(roles).toEqual([
      ['Next', 'owner'],
      ['Editor', 'editor'],
      ['Owner', 'admin'],
    ])
    // The former owner, now an admin, may leave, and deletes nothing.
    expect((await remove(owner.token)).code).toBe(403)
    expect(
      (await s.call('POST', '/team/remove', { token: owner.token, body: { teamId, userId: owner.user.id } }))
        .code,
    ).toBe(0)

    await invite(next.token, teamId, 'pending@example.com', 'viewer')
    expect((await remove(editor.token)).code).toBe(403)
    expect((await remove(next.token)).code).toBe(0)
    expect((await members(editor.token, teamId)).code).toBe(404)
    expect((await s.call('GET', '/team/list', { token: next.token })).data).toEqual([])
    const left = await s.db.kysely
      .selectFrom('team_invitations')
      .select('id')
      .where('team_id', '=', teamId)
      .execute()
    expect(left).toEqual([])
  })

  it("keeps the team's activity for its owner and admins, paged and as a CSV a spreadsheet opens safely", async () => {
    const owner = await account('Ada')
    const teamId = await createTeam(owner.token, 'Audited')
    const sly = await account('=HYPERLINK("x")')
    const editor = await account('Editor')
    await addMember(owner.token, teamId, sly, 'viewer')
    await addMember(owner.token, teamId, editor, 'editor')
    await s.call('POST', '/team/role', {
      token: owner.token,
      body: { teamId, userId: sly.user.id, role: 'editor' },
    })
    const sent = await invite(owner.token, teamId, 'gone@example.com', 'viewer')
    await s.call('POST', '/team/invite/revoke', {
      token: owner.token,
      body: { teamId, id: sent.data.invitation.id },
    })
    await s.call('POST', '/team/remove', { token: owner.token, body: { teamId, userId: sly.user.id } })

    const all = await s.call('GET', '/team/audit', { token: owner.token, query: { teamId, pageSize: 100 } })
    expect(all.data.map((e: { action: string }) => e.action)).toEqual([
      'member.removed',
      'invitation.revoked',
      'member.invited',
      'member.role',
      'member.joined',
      'member.invited',
      'member.joined',
      'member.invited',
      'team.created',
    ])
    expect(all.total).toBe(9)
    expect(all.data[3]).toMatchObject({
      action: 'member.role',
      actor: { userId: owner.user.id, name: 'Ada', email: owner.email },
      subject: { userId: sly.user.id, name: '=HYPERLINK("x")' },
      fromRole: 'viewer',
      role: 'editor',
    })
    expect(all.data[1]).toMatchObject({ email: 'gone@example.com', role: 'viewer', subject: null })
    const second = await s.call('GET', '/team/audit', {
      token: owner.token,
      query: { teamId, page: 2, pageSize: 4 },
    })
    expect(second.data.map((e: { id: number }) => e.id)).toEqual(
      all.data.slice(4, 8).map((e: { id: number }) => e.id),
    )

    const file = await s.call('GET', '/team/audit-csv', { token: owner.token, query: { teamId } })
    expect(file.data.fileName).toBe('audited-activity.csv')
    const lines = file.data.csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFFtime,action,by,member,invited email,role before,role,detail')
    expect(lines).toHaveLength(11)
    expect(lines[4]).toMatch(
      new RegExp(`^[^,]+,member\\.role,Ada <${owner.email}>,"'=HYPERLINK\\(""x""\\) <`),
    )

    expect((await s.call('GET', '/team/audit', { token: editor.token, query: { teamId } })).code).toBe(403)
    expect((await s.call('GET', '/team/audit-csv', { token: editor.token, query: { teamId } })).code).toBe(
      403,
    )
    const stranger = await account()
    expect((await s.call('GET', '/team/audit', { token: stranger.token, query: { teamId } })).code).toBe(404)
  })

  it('refuses an account more invitations than the hourly limit, refused ones counted', async () => {
    const limited = await startServer(engine, { TEAM_INVITE_LIMIT: '3' })
    try {
      const owner = await limited.signUp()
      const teamId = await createTeam(owner.token, 'Limited', limited)
      const codes = []
      for (const i of [1, 2, 3, 4])
        codes.push((await invite(owner.token, teamId, `n${i}@example.com`, 'viewer', limited)).code)
      expect(codes).toEqual([0, 0, 0, 429])
      const other = await limited.signUp()
      const theirs = await createTeam(other.token, 'Other', limited)
      expect((await invite(other.token, theirs, 'n1@example.com', 'viewer', limited)).code).toBe(0)
    } finally {
      await limited.close()
    }
  })

  it('lets one link in once when it is taken twice at the same moment from two server processes', async () => {
    const owner = await account()
    const teamId = await createTeam(owner.token)
    const twin = await s.twin()
    try {
      for (let round = 0; round < 3; round += 1) {
        const who = await account()
        await invite(owner.token, teamId, who.email, 'editor')
        const link = linkToken(await mailbox.next(who.email))
        const answers = await Promise.all([0, 1, 2, 3].map((i) => join(who.token, link, i % 2 ? twin : s)))
        expect(answers.map((a) => a.code).sort()).toEqual([0, 409, 409, 409])
      }
      expect((await members(owner.token, teamId)).data.members).toHaveLength(4)
    } finally {
      await twin.close()
    }
  })

  it('gives the last seat to one of several invitations sent at once from two server processes', async () => {
    const owner = await account()
    const teamId = await createTeam(owner.token)
    for (let i = 2; i < TEAM_SEATS_MAX; i += 1)
      expect((await invite(owner.token, teamId, `seat-${i}@example.com`, 'viewer')).code).toBe(0)
    const twin = await s.twin()
    try {
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          invite(owner.token, teamId, `last-${i}@example.com`, 'viewer', i % 2 ? twin : s),
        ),
      )
      expect(answers.map((a) => a.code).sort()).toEqual([0, 409, 409, 409, 409, 409])
      expect(answers.find((a) => a.code === 409)?.msg).toMatch(/all 50 seats/)
    } finally {
      await twin.close()
    }
    expect((await members(owner.token, teamId)).data).toMatchObject({ seats: TEAM_SEATS_MAX })
  })

  it('lets a person into at most 20 teams, also when they create several at once from two processes', async () => {
    const person = await account()
    for (let i = 1; i < TEAMS_PER_PERSON_MAX; i += 1) await createTeam(person.token, `Team ${i}`)
    const twin = await s.twin()
    try {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          (i % 2 ? twin : s).call('POST', '/team/create', {
            token: person.token,
            body: { name: `Last ${i}` },
          }),
        ),
      )
      expect(answers.map((a) => a.code).sort()).toEqual([0, 409, 409, 409])
      // The refusal says which limit it is, for the app to word (a used link is a 409 too).
      expect(answers.find((a) => a.code === 409)?.data).toEqual({ teamsMax: TEAMS_PER_PERSON_MAX })
    } finally {
      await twin.close()
    }
    expect((await s.call('GET', '/team/list', { token: person.token })).total).toBe(TEAMS_PER_PERSON_MAX)
  })
  it('takes the teams an account owns alone with it when it is purged, and its place in the others', async () => {
    const quick = await startServer(engine, { DELETION_GRACE_DAYS: '0' })
    try {
      const [owner, other] = [await quick.signUp(), await quick.signUp()]
      const own = await createTeam(owner.token, 'Owned', quick)
      const joined = await createTeam(other.token, 'Joined', quick)
      expect((await invite(owner.token, own, 'pending@example.com', 'viewer', quick)).code).toBe(0)
      // A member by the database (the links went to the outbox): the purge is what is tested here.
      await quick.db.kysely
        .insertInto('team_members')
        .values({ team_id: joined, user_id: owner.user.id, role: 'editor', created_at: quick.now() })
        .execute()
      const asked = await quick.call('POST', '/user/delete', {
        token: owner.token,
        body: { password: owner.password },
      })
      expect(asked.code, asked.msg).toBe(0)
      // The account, then the workspace of the team it owned alone.
      expect(await quick.parts.accountDeletion.purgeDue()).toBe(2)

      const left = await quick.call('GET', '/team/members', { token: other.token, query: { teamId: joined } })
      expect(left.data.members.map((m: { userId: number }) => m.userId)).toEqual([other.user.id])
      for (const table of ['team_members', 'team_invitations'] as const)
        expect(
          await quick.db.kysely.selectFrom(table).select('team_id').where('team_id', '=', own).execute(),
        ).toEqual([])
      expect(await quick.db.kysely.selectFrom('teams').select('id').where('id', '=', own).execute()).toEqual(
        [],
      )
    } finally {
      await quick.close()
    }
  })
})
