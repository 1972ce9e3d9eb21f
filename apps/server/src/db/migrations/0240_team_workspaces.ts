import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * A team's workspace (ADR 0206): each team gets a row of its own in `users` (`kind` `team`), which owns what the
 * team makes as an account owns what a person makes: templates, brand kit, uploads, creations, batches, keys
 * and credits. The row cannot sign in (no password, an `email` that is no address). Teams made before get
 * theirs here.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('person'))
        .execute()
      await db.schema
        .alterTable('teams')
        .addColumn('workspace_id', refType(engine), (c) => c.references('users.id'))
        .execute()
      // What a change in the workspace was about, for the team's activity: a key's name, an offer, a number.
      await db.schema.alterTable('team_audit').addColumn('detail', 'text').execute()
      // The notification and purge paths look a team up by its workspace.
      await db.schema.createIndex('teams_workspace').on('teams').column('workspace_id').execute()
      const teams = await sql<{ id: number; name: string; created_at: number }>`
        select id, name, created_at from teams where workspace_id is null order by id`.execute(db)
      for (const team of teams.rows) {
        const inserted = await sql<{ id: number }>`
          insert into users (email, name, password_hash, created_at, kind)
          values (${workspaceEmail(Number(team.id))}, ${team.name}, '', ${team.created_at}, 'team')
          returning id`.execute(db)
        await sql`update teams set workspace_id = ${inserted.rows[0]?.id} where id = ${team.id}`.execute(db)
      }
    },
  }
}

/** The `email` of a team's workspace row: unique as the column asks, and no address anyone can sign in with. */
export const workspaceEmail = (teamId: number) => `team:${teamId}`
