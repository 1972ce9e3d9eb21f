import type { Kysely, Migration } from 'kysely'

/**
 * The language a customer declared for a text value (issue 32): JSON of field key -> BCP 47 tag, or null when
 * none was, on a creation (so re-opening and creating again keep it) and on a `/v1` render (so its job draws
 * what was accepted). Its Han characters are drawn in that language's forms.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('creations').addColumn('value_languages', 'text').execute()
      await db.schema.alterTable('renders').addColumn('value_languages', 'text').execute()
    },
  }
}
