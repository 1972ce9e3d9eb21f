import type { Kysely, Migration } from 'kysely'

/**
 * A creation of a print size keeps a PDF beside its PNG, JPEG and WebP (files.pdf).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('creations')
        .addColumn('has_pdf', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
