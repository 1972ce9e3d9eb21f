import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * /v1: answers kept per Idempotency-Key, renders (one per render or batch row, run as jobs) and batches.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', notNull)
        .addColumn('fingerprint', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('response_status', 'integer')
        .addColumn('response_headers', 'text')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('locked_until', 'bigint', notNull)
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute()
      await db.schema
        .createIndex('idempotency_keys_expires')
        .on('idempotency_keys')
        .column('expires_at')
        .execute()

      await withBigId(engine, db.schema.createTable('batches'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('api_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
        .addColumn('size_id', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('formats', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('total_rows', 'integer', notNull)
        .addColumn('completed_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('canceled_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_reserved', 'integer', notNull)
        .addColumn('archive_key', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('completed_at', 'bigint')
        .execute()
      await db.schema.createIndex('batches_user').on('batches').columns(['user_id', 'id']).execute()

      await withBigId(engine, db.schema.createTable('renders'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('api_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
        .addColumn('batch_id', ref, (c) => c.references('batches.id').onDelete('cascade'))
        .addColumn('row_number', 'integer')
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
        .addColumn('template_version', 'text', notNull)
        .addColumn('size_id', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('formats', 'text', notNull)
        .addColumn('name', 'text')
        .addColumn('field_values', 'text', notNull)
        .addColumn('webhook_url', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('error', 'text')
        .addColumn('creation_id', ref, (c) => c.references('creations.id').onDelete('set null'))
        .addColumn('credits_spent', 'integer', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .execute()
      // A developer's renders newest first (single renders only: batch rows are read through their batch).
      await db.schema
        .createIndex('renders_user')
        .on('renders')
        .columns(['user_id', 'batch_id', 'id'])
        .execute()
      await db.schema.createIndex('renders_batch').on('renders').columns(['batch_id', 'row_number']).execute()
      await db.schema.createIndex('renders_status').on('renders').columns(['status', 'id']).execute()
    },
  }
}
