import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Who opened a checkout (`checkouts.opened_by`): in a team's workspace the admin buying for it, whom the team's
 * activity names as having paid, however the payment completes (the card form, or the provider's webhook).
 * Null on checkouts opened before.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('checkouts')
        .addColumn('opened_by', refType(engine), (c) => c.references('users.id').onDelete('set null'))
        .execute()
    },
  }
}
