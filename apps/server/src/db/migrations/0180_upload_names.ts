import type { Kysely, Migration } from 'kysely'

/**
 * An upload's name (`uploads.name`): the file's name as chosen, or the last segment of the URL it was fetched
 * from, so a bulk CSV's image cell may name it as the customer knows it. Null for uploads of earlier releases.
 * Looked up by owner and name, newest first: the index serves that lookup.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('uploads').addColumn('name', 'text').execute()
      await db.schema
        .createIndex('uploads_user_name_idx')
        .on('uploads')
        .columns(['user_id', 'name'])
        .execute()
    },
  }
}
