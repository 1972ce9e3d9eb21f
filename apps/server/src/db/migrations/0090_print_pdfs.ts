import type { Kysely, Migration } from 'kysely'

/**
 * The PDFs a print shop and a developer take (issue 33):
 * - a creation of a print size keeps a PDF for print shops beside its trimmed one (`print_pdf`: the options it
 *   was made with, `bleed,crop_marks` by default) and, when its template has several print sizes, one PDF with
 *   a page per size (`sizes_pdf`: its pages); a creation asked for as a PDF alone keeps no raster files
 *   (`has_raster` 0), its thumbnail is the PDF's first page;
 * - a `/v1` render and batch remember the PDF options asked for (`pdf_options`), and a finished batch keeps one
 *   PDF with a page per completed row (`pdf_pages`).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('creations')
        .addColumn('has_raster', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema.alterTable('creations').addColumn('print_pdf', 'text').execute()
      await db.schema
        .alterTable('creations')
        .addColumn('sizes_pdf', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('renders').addColumn('pdf_options', 'text').execute()
      await db.schema.alterTable('batches').addColumn('pdf_options', 'text').execute()
      await db.schema
        .alterTable('batches')
        .addColumn('pdf_pages', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
