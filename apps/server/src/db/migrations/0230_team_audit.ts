import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * A team's activity (docs/product.md, "Teams"): who invited, joined, changed a role, removed, left or handed the
 * team over, and when; written in the transaction of the change itself, kept while the team is.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('team_audit'))
        .addColumn('team_id', ref, (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('actor_id', ref, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', notNull)
        .addColumn('subject_id', ref, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text')
        .addColumn('role', 'text')
        .addColumn('from_role', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema.createIndex('team_audit_team').on('team_audit').columns(['team_id', 'id']).execute()
    },
  }
}
