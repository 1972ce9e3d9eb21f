import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * Webhook endpoints and their deliveries: an outbox written in the transaction that settles what they tell.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('webhook_endpoints'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('url', 'text', notNull)
        .addColumn('events', 'text', notNull)
        .addColumn('secret', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema
        .createIndex('webhook_endpoints_user')
        .on('webhook_endpoints')
        .columns(['user_id', 'id'])
        .execute()
      await withBigId(engine, db.schema.createTable('webhook_deliveries'))
        .addColumn('endpoint_id', ref, (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'text', notNull)
        .addColumn('event_type', 'text', notNull)
        .addColumn('payload', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', notNull)
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'id'])
        .execute()
    },
  }
}
