import type { Kysely, Migration } from 'kysely'

/**
 * The raster files a creation keeps (`raster_formats`, e.g. `png` or `jpeg,webp`): only those its request asked
 * for are encoded. Null for all three: every creation of earlier releases, and every one made in the editor.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('creations').addColumn('raster_formats', 'text').execute()
    },
  }
}
