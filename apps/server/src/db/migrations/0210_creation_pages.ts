import type { Kysely, Migration } from 'kysely'

/**
 * How many pages a creation has (`creations.pages`): a design of several pages gives each page its images
 * (`page-<n>.png`… beside the first page's `image.png`) and one PDF of them all (ADR 0198). Every creation made
 * before has one.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('creations')
        .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
    },
  }
}
