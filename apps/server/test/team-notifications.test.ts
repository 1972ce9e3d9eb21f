import type { Notification } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../src/features/billing/ledger'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { inTeam, teamHelpers } from './team-helpers'
import { v1 } from './v1-helpers'

/** Work done in a team's workspace is told to the member who started it, naming the team (docs/product.md). */
describe.each(engines)('notifications of a team’s work on %s', (engine) => {
  let s: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    s = await startServer(engine, { SMTP_URL: mailbox.url, WORKER_CONCURRENCY: '2' }, { jobs: true })
  })
  afterAll(async () => {
    await s.close()
    await mailbox.close()
  })

  const { account, createTeam, addMember, workspaceOf } = teamHelpers(
    () => s,
    () => mailbox,
  )
  const notes = async (token: string): Promise<Notification[]> =>
    (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })).data
  const ofType = async (token: string, type: Notification['type']) =>
    (await notes(token)).filter((n) => n.type === type)
  /** The notifications of `type` once `count` of them have arrived (a batch finishes in a job). */
  const arrived = async (token: string, type: Notification['type'], count = 1) => {
    let got = await ofType(token, type)
    for (let i = 0; i < 600 && got.length < count; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      got = await ofType(token, type)
    }
    return got
  }
  const storedFor = async (userId: number) =>
    s.db.kysely.selectFrom('notifications').select('type').where('user_id', '=', userId).execute()
  /** A catalogue template that needs no photo, and one of its text fields. */
  const plainTemplate = async () => {
    const list = await s.call('GET', '/template/list')
    for (const t of list.data as { id: number }[]) {
      const detail = await s.call('GET', '/template/detail', { query: { id: t.id } })
      const fields = detail.data.fields as { key: string; kind: string; required?: boolean }[]
      const text = fields.find((f) => f.kind === 'text')
      if (text && !fields.some((f) => f.kind === 'image' && f.required)) return { id: t.id, text: text.key }
    }
    throw new Error('every catalogue template asks for a photo')
  }
  /** A team with its owner, an admin and an editor, and credits in its workspace. */
  const team = async () => {
    const owner = await account('Olive Owner')
    const admin = await account('Adam Admin')
    const editor = await account('Edith Editor')
    const teamId = await createTeam(owner.token, 'Northwind Studio')
    await addMember(owner.token, teamId, admin, 'admin')
    await addMember(owner.token, teamId, editor, 'editor')
    const workspace = await workspaceOf(teamId)
    await grantCredits(s.db.kysely, {
      userId: workspace,
      amount: 20,
      reason: 'test',
      idempotencyKey: `team-notes:${teamId}`,
      now: s.now(),
    })
    return { teamId, workspace, owner, admin, editor }
  }

  it("tells a member of the creations they make in a team, naming it, apart from their own; the team's row hears nothing", async () => {
    const { teamId, workspace, owner, editor } = await team()
    const t = await plainTemplate()
    const create = (name: string, o: object = {}) =>
      s.call('POST', '/creation/create', {
        token: editor.token,
        ...o,
        body: { templateId: t.id, values: {}, name },
      })
    expect((await create('Mine')).code).toBe(0)
    const made = await create('Team poster', inTeam(teamId))
    expect(made.code, made.msg).toBe(0)

    const ready = await ofType(editor.token, 'creation_ready')
    expect(ready).toHaveLength(2)
    const [inTheTeam, own] = ready
    expect(inTheTeam?.params).toMatchObject({
      creationId: made.data.id,
      name: 'Team poster',
      team: { id: teamId, name: 'Northwind Studio' },
    })
    expect(inTheTeam?.content).toBe(
      '“Team poster” is ready to download from Creation History. In the team “Northwind Studio”.',
    )
    expect(own?.params).toMatchObject({ name: 'Mine' })
    expect(own?.params).not.toHaveProperty('team')

    // Another in the team within the hour joins the team's notification; their own stays as it was.
    expect((await create('Team flyer', inTeam(teamId))).code).toBe(0)
    const again = await ofType(editor.token, 'creation_ready')
    expect(again).toHaveLength(2)
    expect(again[0]?.params).toMatchObject({ name: 'Team flyer', count: 2, team: { id: teamId } })
    expect(again[1]?.params).toMatchObject({ name: 'Mine' })
    expect(again[1]?.params).not.toHaveProperty('count')

    expect(await ofType(owner.token, 'creation_ready')).toEqual([])
    expect(await storedFor(workspace)).toEqual([])
  })

  it('tells the member who started a batch in the app, with the team, once it is done', async () => {
    const { teamId, workspace, owner, editor } = await team()
    const t = await plainTemplate()
    const started = await s.call('POST', '/batch/create', {
      token: editor.token,
      ...inTeam(teamId),
      body: { templateId: t.id, csv: `${t.text},name\nOne,one\nTwo,two\n` },
    })
    expect(started.code, started.msg).toBe(0)
    const [done] = await arrived(editor.token, 'batch_completed')
    expect(done?.params).toEqual({
      batchId: started.data.id,
      total: 2,
      completed: 2,
      failed: 0,
      canceled: 0,
      team: { id: teamId, name: 'Northwind Studio' },
    })
    expect(done?.content).toBe('2 of 2 made. In the team “Northwind Studio”.')
    expect(await ofType(owner.token, 'batch_completed')).toEqual([])
    expect(await storedFor(workspace)).toEqual([])
  })

  it("tells a /v1 batch made with a team's key to the key's maker, else (not known, or no longer a member) the owner", async () => {
    const { teamId, owner, admin } = await team()
    const t = await plainTemplate()
    const key = await s.call('POST', '/key/create', {
      token: admin.token,
      ...inTeam(teamId),
      body: { name: 'pipeline', scopes: ['render'] },
    })
    expect(key.code, key.msg).toBe(0)
    const batch = async () => {
      const r = await v1(s, 'POST', '/batches', {
        key: key.data.key,
        body: { template_id: t.id, rows: [{ values: {} }] },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(202)
      return r.body.id as number
    }

    const first = await batch()
    const [toAdmin] = await arrived(admin.token, 'batch_completed')
    expect(toAdmin?.params).toMatchObject({ batchId: first, team: { id: teamId, name: 'Northwind Studio' } })
    expect(await ofType(owner.token, 'batch_completed')).toEqual([])

    // A key made before its maker was kept.
    await s.db.kysely
      .updateTable('api_keys')
      .set({ created_by: null })
      .where('id', '=', key.data.id)
      .execute()
    const second = await batch()
    const [toOwner] = await arrived(owner.token, 'batch_completed')
    expect(toOwner?.params).toMatchObject({ batchId: second, team: { id: teamId } })

    // Its maker has left the team since: the key is still the team's, and what it makes is told to the owner.
    await s.db.kysely
      .updateTable('api_keys')
      .set({ created_by: admin.user.id })
      .where('id', '=', key.data.id)
      .execute()
    const removed = await s.call('POST', '/team/remove', {
      token: owner.token,
      body: { teamId, userId: admin.user.id },
    })
    expect(removed.code, removed.msg).toBe(0)
    const third = await batch()
    const toOwnerAgain = await arrived(owner.token, 'batch_completed', 2)
    expect(toOwnerAgain[0]?.params).toMatchObject({ batchId: third, team: { id: teamId } })
    const toAdminOnly = await ofType(admin.token, 'batch_completed')
    expect(toAdminOnly.map((n) => n.type === 'batch_completed' && n.params.batchId)).toEqual([first])
  })
})
