import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * The brand kit: a customer's font families (each with the random key template documents name it by), the
 * font files of each (one per weight and style; the bytes in media storage) and the palette of brand colours.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('brand_families'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addUniqueConstraint('brand_families_user_name', ['user_id', 'name'])
        .execute()
      await withBigId(engine, db.schema.createTable('brand_fonts'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', ref, (c) => c.notNull().references('brand_families.id').onDelete('cascade'))
        .addColumn('weight', 'integer', notNull)
        .addColumn('style', 'text', notNull)
        .addColumn('format', 'text', notNull)
        .addColumn('bytes', 'integer', notNull)
        .addColumn('storage_key', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addUniqueConstraint('brand_fonts_face', ['family_id', 'weight', 'style'])
        .execute()
      await db.schema.createIndex('brand_fonts_user').on('brand_fonts').columns(['user_id', 'id']).execute()
      await db.schema
        .createTable('brand_palettes')
        .addColumn('user_id', ref, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('colors', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute()
    },
  }
}
