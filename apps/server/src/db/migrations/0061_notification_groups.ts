import type { Kysely, Migration } from 'kysely'

/**
 * Notifications that stay true (docs/adr/0061-notifications-grouped-and-superseded.md): a notification may carry
 * a group key, unique per user, so that the creations of one hour are one notification with a count and a
 * subscription's latest state replaces its earlier one. Rows without a key (NULL) are never grouped: NULLs are
 * distinct in a unique index on both engines.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute()
      await db.schema
        .alterTable('notifications')
        .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .createIndex('notifications_user_group')
        .on('notifications')
        .columns(['user_id', 'group_key'])
        .unique()
        .execute()
    },
  }
}
