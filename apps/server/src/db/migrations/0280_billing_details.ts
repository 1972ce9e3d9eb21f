import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType } from './columns'

/**
 * A team's billing address (ADR 0210): the name and postal address its receipts are billed to, one row per
 * workspace; and on each purchase what it was billed to when it was made (`billed_to`, JSON `{ name, address }`),
 * so that a receipt drawn later shows what it showed when issued. Purchases made before keep `billed_to` null
 * and are billed to the account's name, as they were.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_details')
        .addColumn('user_id', refType(engine), (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute()
      await db.schema.alterTable('purchases').addColumn('billed_to', 'text').execute()
    },
  }
}
