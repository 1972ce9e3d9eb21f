import type { Kysely, Migration } from 'kysely'
import { notNull } from './columns'

/**
 * Sign-in throttling by account, address and device (services/login-throttle.ts).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', notNull)
        .addColumn('blocked_until', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute()
      await db.schema
        .createIndex('login_throttle_updated_at')
        .on('login_throttle')
        .column('updated_at')
        .execute()
    },
  }
}
