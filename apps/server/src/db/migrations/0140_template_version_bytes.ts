import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'

/**
 * Each template version's size in bytes (its document as UTF-8), so a customer's stored templates are summed
 * from small numbers at every save (the template quota) rather than from every document's text.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('template_versions')
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      // SQLite's length() counts characters of text; of a blob, its bytes.
      const size = engine === 'sqlite' ? sql`length(cast(definition as blob))` : sql`octet_length(definition)`
      await sql`update template_versions set bytes = ${size}`.execute(db)
    },
  }
}
