import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * Templates, uploads and creations.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('template_types')
        .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
        .execute()

      await withBigId(engine, db.schema.createTable('templates'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('template_type_id', ref, (c) => c.notNull().references('template_types.id'))
        .addColumn('name', 'text', notNull)
        .addColumn('name_zh', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('sort_order', 'integer', notNull)
        .addColumn('definition', 'text', notNull)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .createIndex('templates_type')
        .on('templates')
        .columns(['template_type_id', 'sort_order'])
        .execute()

      await withBigId(engine, db.schema.createTable('uploads'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('content_type', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('bytes', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute()

      await withBigId(engine, db.schema.createTable('creations'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
        .addColumn('template_type_id', ref, (c) => c.notNull().references('template_types.id'))
        .addColumn('name', 'text', notNull)
        .addColumn('field_values', 'text', notNull)
        .addColumn('size_id', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('storage_prefix', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      // The history list: a user's creations newest first, optionally of one template or type.
      await db.schema
        .createIndex('creations_user_created')
        .on('creations')
        .columns(['user_id', 'created_at', 'id'])
        .execute()
      await db.schema
        .createIndex('creations_user_template')
        .on('creations')
        .columns(['user_id', 'template_id'])
        .execute()
      await db.schema
        .createIndex('creations_user_type')
        .on('creations')
        .columns(['user_id', 'template_type_id'])
        .execute()

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute()
    },
  }
}
