import type { Kysely, Migration } from 'kysely'

/**
 * Whether a brand font file was re-encoded before it was kept (`sanitizeFont`): 1 for files uploaded from
 * now on, 0 for those kept as uploaded by earlier releases (re-encoded at their next render), -1 for one that
 * failed that re-encoding (drawn in sans, as a deleted font is, instead of stalling every render that names it).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('brand_fonts')
        .addColumn('sanitized', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
