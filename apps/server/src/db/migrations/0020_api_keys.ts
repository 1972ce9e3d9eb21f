import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * Keys for /v1: only a SHA-256 of each is kept; a revoked key keeps its row (the list and logs name it).
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('api_keys'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('scopes', 'text', notNull)
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('hint', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute()
    },
  }
}
