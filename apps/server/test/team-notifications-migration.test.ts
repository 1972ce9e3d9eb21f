import { describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import type { NotificationRow } from '../src/db/schema'
import { toNotification } from '../src/features/notifications/notifications'
import { engines, freshDb } from './harness'

const HOUR = 'creations:2026-11-30T09'

describe.each(engines)('the migration of notifications stored on a team’s row on %s', (engine) => {
  it("gives them to the team's owner, naming the team where the type can, and leaves everyone else's as they were", async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0280_billing_details')
      const k = db.kysely
      const person = async (name: string) =>
        Number(
          (
            await k
              .insertInto('users')
              .values({ email: `${name}@example.com`, name, password_hash: 'x', created_at: 1 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      const ann = await person('ann')
      const bob = await person('bob')
      /** A team with its workspace row, as 0240 and team creation make them, and its members. */
      const team = async (name: string, members: [number, 'owner' | 'admin'][]) => {
        const id = Number(
          (
            await k
              .insertInto('teams')
              .values({ name, created_at: 5 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
        const workspace = Number(
          (
            await k
              .insertInto('users')
              .values({ email: `team:${id}`, name, password_hash: '', created_at: 5, kind: 'team' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
        await k.updateTable('teams').set({ workspace_id: workspace }).where('id', '=', id).execute()
        for (const [userId, role] of members)
          await k
            .insertInto('team_members')
            .values({ team_id: id, user_id: userId, role, created_at: 5 })
            .execute()
        return { id, workspace }
      }
      const northwind = await team('Northwind Studio', [
        [ann, 'owner'],
        [bob, 'admin'],
      ])
      const contoso = await team('Contoso', [[ann, 'owner']])
      const ownerless = await team('Leaving', [])

      let at = 1_764_000_000_000
      const note = async (userId: number, type: string, params: object, groupKey: string | null = null) => {
        at += 1
        return Number(
          (
            await k
              .insertInto('notifications')
              .values({
                user_id: userId,
                type,
                params: JSON.stringify(params),
                checked: 0,
                created_at: at,
                group_key: groupKey,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      }
      const creation = { creationId: 4, templateId: 2, typeId: 1, name: 'Poster' }
      const money = { purchaseId: 9, offerId: 'main/payment-49-9', amountCents: 4990, currency: 'USD' }
      // Ann's own creations of that hour, and her own credits.
      const annOwn = await note(ann, 'creation_ready', creation, HOUR)
      const annLow = await note(ann, 'credits_low', { balance: 1, threshold: 3 })
      // What the older release wrote on Northwind's and Contoso's rows.
      const onNorthwind = {
        creation: await note(northwind.workspace, 'creation_ready', { ...creation, creationId: 5 }, HOUR),
        batch: await note(northwind.workspace, 'batch_completed', {
          batchId: 3,
          total: 2,
          completed: 2,
          failed: 0,
          canceled: 0,
        }),
        mention: await note(northwind.workspace, 'comment_mention', {
          commentId: 8,
          templateId: 2,
          design: 'Poster',
          author: 'Bob',
          guest: false,
        }),
        paid: await note(northwind.workspace, 'purchase_paid', { ...money, credits: 100 }),
        failed: await note(northwind.workspace, 'purchase_failed', { ...money, reason: 'renewal_failed' }),
        renewed: await note(northwind.workspace, 'subscription_renewed', {
          ...money,
          credits: 125,
          periodEnd: '2026-12-30T00:00:00.000Z',
        }),
        cancelled: await note(
          northwind.workspace,
          'subscription_cancelled',
          { offerId: 'main/subscription-49-9', periodEnd: '2026-12-30T00:00:00.000Z' },
          'subscription:12',
        ),
        low: await note(northwind.workspace, 'credits_low', { balance: 2, threshold: 3 }),
        message: await note(northwind.workspace, 'message', { title: 'Maintenance', content: 'Tonight.' }),
      }
      const onContoso = await note(contoso.workspace, 'creation_ready', { ...creation, creationId: 6 }, HOUR)
      const onOwnerless = await note(ownerless.workspace, 'credits_low', { balance: 0, threshold: 3 })
      const bobOwn = await note(bob, 'credits_low', { balance: 2, threshold: 3 })

      const applied = await migrate(db)
      expect(applied.map((m) => m.migrationName)).toEqual(['0290_team_notifications_to_owner'])

      const rows = (await k
        .selectFrom('notifications')
        .selectAll()
        .orderBy('id')
        .execute()) as NotificationRow[]
      const byId = new Map(rows.map((r) => [Number(r.id), r]))
      const row = (id: number) => {
        const r = byId.get(id)
        if (!r) throw new Error(`notification ${id} is gone`)
        return { ...r, user_id: Number(r.user_id), params: JSON.parse(r.params) }
      }
      const named = { team: { id: northwind.id, name: 'Northwind Studio' } }
      // Nothing is lost and nothing is added.
      expect(rows).toHaveLength(14)

      for (const [what, id] of Object.entries(onNorthwind)) {
        const r = row(id)
        expect(r.user_id, what).toBe(ann)
        if (what === 'message') expect(r.params).toEqual({ title: 'Maintenance', content: 'Tonight.' })
        else expect(r.params, what).toMatchObject(named)
        // As the API reads it: the contract admits it, and the English names the team.
        const read = toNotification(byId.get(id) as NotificationRow)
        expect(read.type, what).toBe(byId.get(id)?.type)
        if (what !== 'message') expect(read.content, what).toMatch(/ In the team “Northwind Studio”\.$/)
      }
      expect(row(onNorthwind.low).params).toEqual({ balance: 2, threshold: 3, ...named })
      expect(row(onNorthwind.creation).params).toEqual({ ...creation, creationId: 5, ...named })
      // A grouped one keeps its group under the team's key, apart from Ann's own creations of that hour.
      expect(row(onNorthwind.creation).group_key).toBe(`creations:team:${northwind.id}:2026-11-30T09`)
      expect(row(onNorthwind.cancelled).group_key).toBe('subscription:12')
      expect(row(onContoso)).toMatchObject({
        user_id: ann,
        params: { ...creation, creationId: 6, team: { id: contoso.id, name: 'Contoso' } },
        group_key: `creations:team:${contoso.id}:2026-11-30T09`,
      })
      expect(row(annOwn)).toMatchObject({ user_id: ann, params: creation, group_key: HOUR })
      expect(row(annLow)).toMatchObject({ user_id: ann, params: { balance: 1, threshold: 3 } })
      expect(row(bobOwn)).toMatchObject({ user_id: bob, params: { balance: 2, threshold: 3 } })
      // A team with no owner keeps them; nothing was told to its admins either.
      expect(row(onOwnerless)).toMatchObject({ user_id: ownerless.workspace })
      const onTeams = rows.filter((r) => [northwind.workspace, contoso.workspace].includes(Number(r.user_id)))
      expect(onTeams).toEqual([])
      expect(rows.filter((r) => Number(r.user_id) === bob)).toHaveLength(1)

      expect(await migrate(db)).toEqual([])
    } finally {
      await drop()
    }
  })

  it('lets a grouped one stand alone when its owner already holds its key', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0280_billing_details')
      const k = db.kysely
      const ann = Number(
        (
          await k
            .insertInto('users')
            .values({ email: 'ann@example.com', name: 'Ann', password_hash: 'x', created_at: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      const teamId = Number(
        (
          await k
            .insertInto('teams')
            .values({ name: 'Northwind', created_at: 5 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      const workspace = Number(
        (
          await k
            .insertInto('users')
            .values({
              email: `team:${teamId}`,
              name: 'Northwind',
              password_hash: '',
              created_at: 5,
              kind: 'team',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      await k.updateTable('teams').set({ workspace_id: workspace }).where('id', '=', teamId).execute()
      await k
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: ann, role: 'owner', created_at: 5 })
        .execute()
      const creation = { creationId: 4, templateId: 2, typeId: 1, name: 'Poster' }
      const key = `creations:team:${teamId}:2026-11-30T09`
      for (const [userId, creationId] of [
        [ann, 4],
        [workspace, 5],
      ] as const)
        await k
          .insertInto('notifications')
          .values({
            user_id: userId,
            type: 'creation_ready',
            params: JSON.stringify({ ...creation, creationId, team: { id: teamId, name: 'Northwind' } }),
            checked: 0,
            created_at: 1_764_000_000_000 + creationId,
            group_key: creationId === 4 ? key : HOUR,
          })
          .execute()

      await migrate(db)
      const rows = await k
        .selectFrom('notifications')
        .select(['user_id', 'params', 'group_key'])
        .orderBy('id')
        .execute()
      expect(rows.map((r) => ({ ...r, user_id: Number(r.user_id), params: JSON.parse(r.params) }))).toEqual([
        {
          user_id: ann,
          params: { ...creation, team: { id: teamId, name: 'Northwind' } },
          group_key: key,
        },
        // It named the team already: kept as it was.
        {
          user_id: ann,
          params: { ...creation, creationId: 5, team: { id: teamId, name: 'Northwind' } },
          group_key: null,
        },
      ])
    } finally {
      await drop()
    }
  })
})
