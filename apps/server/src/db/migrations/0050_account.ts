import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * The account (docs/product.md#accounts): the user's language, a verified email, a requested deletion and the tombstone a
 * purged account leaves for the purchases the law keeps; sessions' device and last use; single-use tokens mailed
 * for a password reset or an email confirmation, stored as hashes.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
        .execute()
      await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute()
      await db.schema.alterTable('users').addColumn('delete_after', 'bigint').execute()
      await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute()
      // Accounts older than verification keep working without a banner: their addresses have received mail.
      await sql`update users set email_verified_at = created_at`.execute(db)
      await db.schema.createIndex('users_delete_after').on('users').column('delete_after').execute()

      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute()

      await withBigId(engine, db.schema.createTable('account_tokens'))
        .addColumn('user_id', refType(engine), (c) => c.notNull().references('users.id').onDelete('cascade'))
        // reset_password, verify_email, change_email
        .addColumn('purpose', 'text', notNull)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        // The address the link was mailed to (for change_email, the new address).
        .addColumn('email', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('used_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('account_tokens_user')
        .on('account_tokens')
        .columns(['user_id', 'purpose'])
        .execute()
    },
  }
}
