import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Templates as customers' data: a template has an owner (none for the catalogue), a current version and a soft
 * delete; every version's document is kept, and a creation records the version it was made from, so it re-opens
 * as it was made after the template changes or is deleted.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('templates')
        .addColumn('owner_id', ref, (c) => c.references('users.id').onDelete('cascade'))
        .execute()
      await db.schema
        .alterTable('templates')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .alterTable('templates')
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('templates').addColumn('deleted_at', 'bigint').execute()
      await db.schema
        .createIndex('templates_owner_updated')
        .on('templates')
        .columns(['owner_id', 'updated_at'])
        .execute()

      const id =
        engine === 'sqlite'
          ? db.schema
              .createTable('template_versions')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : db.schema.createTable('template_versions').addColumn('id', 'bigserial', (c) => c.primaryKey())
      await id
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('template_versions_template_version', ['template_id', 'version'])
        .execute()
      await sql`insert into template_versions (template_id, version, definition, created_at)
        select id, 1, definition, 0 from templates`.execute(db)

      await db.schema.alterTable('creations').addColumn('template_version', 'integer').execute()
      await sql`update creations set template_version = 1`.execute(db)
    },
  }
}
