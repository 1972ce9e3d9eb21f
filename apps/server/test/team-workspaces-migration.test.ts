import { describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import { engines, freshDb } from './harness'

describe.each(engines)('the team workspaces migration on %s', (engine) => {
  it('gives each team made before it a workspace of its own, which no one signs in as', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0230_team_audit')
      const k = db.kysely
      const ann = await k
        .insertInto('users')
        .values({ email: 'ann@example.com', name: 'Ann', password_hash: 'x', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const teams = []
      for (const name of ['Northwind', 'Contoso'])
        teams.push(
          (
            await k
              .insertInto('teams')
              .values({ name, created_at: 5 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      for (const teamId of teams)
        await k
          .insertInto('team_members')
          .values({ team_id: teamId, user_id: ann.id, role: 'owner', created_at: 5 })
          .execute()

      await migrate(db)
      const rows = await k
        .selectFrom('teams as t')
        .innerJoin('users as u', 'u.id', 't.workspace_id')
        .select(['t.id', 'u.name', 'u.email', 'u.kind', 'u.password_hash', 'u.created_at'])
        .orderBy('t.id')
        .execute()
      expect(rows).toEqual(
        teams.map((id, i) => ({
          id,
          name: ['Northwind', 'Contoso'][i],
          email: `team:${id}`,
          kind: 'team',
          password_hash: '',
          created_at: 5,
        })),
      )
      const person = await k
        .selectFrom('users')
        .select('kind')
        .where('id', '=', ann.id)
        .executeTakeFirstOrThrow()
      expect(person.kind).toBe('person')
    } finally {
      await drop()
    }
  })
})
