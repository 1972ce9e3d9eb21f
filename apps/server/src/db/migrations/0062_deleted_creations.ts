import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Which of a user's creations were deleted, and when: a link to one (a notification, a bookmark) then says
 * "this creation was deleted" to its owner instead of "not found". Only the id is kept, nothing of the creation;
 * the rows go with the user.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_creations')
        .addColumn('id', ref, (c) => c.primaryKey())
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('deleted_creations_user')
        .on('deleted_creations')
        .column('user_id')
        .execute()
    },
  }
}
