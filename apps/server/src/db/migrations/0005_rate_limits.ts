import type { Kysely, Migration } from 'kysely'
import { notNull } from './columns'

/**
 * Rate-limit windows were counted in each process's memory: a restart forgot them and every process allowed the
 * full limit.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', notNull)
        .addColumn('reset_at', 'bigint', notNull)
        .execute()
      await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
    },
  }
}
