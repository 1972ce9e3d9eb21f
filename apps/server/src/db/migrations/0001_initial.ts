import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, withId } from './columns'

/**
 * Users, sessions, notifications, template types, the credit ledger and contact messages.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(engine, db.schema.createTable('users'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('password_hash', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute()

      await withId(engine, db.schema.createTable('sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('rotated_at', 'bigint')
        .addColumn('replaced_by', 'integer')
        .execute()
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()
      await db.schema.createIndex('sessions_replaced_by').on('sessions').column('replaced_by').execute()

      await withId(engine, db.schema.createTable('notifications'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('content', 'text', notNull)
        .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      // One index per list shape: all of a user's notifications, and those of one read state; both newest first.
      await db.schema
        .createIndex('notifications_user_created')
        .on('notifications')
        .columns(['user_id', 'created_at', 'id'])
        .execute()
      await db.schema
        .createIndex('notifications_user_checked_created')
        .on('notifications')
        .columns(['user_id', 'checked', 'created_at', 'id'])
        .execute()

      await withId(engine, db.schema.createTable('template_types'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('template_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('template_type_stars')
        .addColumn('template_type_id', 'integer', (c) =>
          c.notNull().references('template_types.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('template_type_stars_pk', ['template_type_id', 'user_id'])
        .execute()
      await db.schema
        .createIndex('template_type_stars_user')
        .on('template_type_stars')
        .column('user_id')
        .execute()

      await withId(engine, db.schema.createTable('credit_ledger'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('delta', 'integer', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema.createIndex('credit_ledger_user').on('credit_ledger').column('user_id').execute()

      await withId(engine, db.schema.createTable('contact_messages'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', notNull)
        .addColumn('email', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute()
    },
  }
}
