import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Who started work in a workspace, so that its notification goes to them (docs/product.md, "Notifications"): the
 * member who made an API key (`api_keys.created_by`) and who started a batch in the app (`batches.started_by`).
 * Null on what was made before (a team's key of then tells the team's owner).
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('api_keys')
        .addColumn('created_by', ref, (c) => c.references('users.id').onDelete('set null'))
        .execute()
      await db.schema
        .alterTable('batches')
        .addColumn('started_by', ref, (c) => c.references('users.id').onDelete('set null'))
        .execute()
    },
  }
}
