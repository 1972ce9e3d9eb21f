import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'

/**
 * PostgreSQL's `serial`/`integer` stop at 2^31-1, so an id from a client above that (valid for the contract)
 * made the query fail instead of finding nothing. SQLite integers are 64-bit already.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return
      for (const table of [
        'users',
        'sessions',
        'notifications',
        'template_types',
        'credit_ledger',
        'contact_messages',
      ]) {
        await sql`alter table ${sql.table(table)} alter column id type bigint`.execute(db)
        await sql`alter sequence ${sql.table(`${table}_id_seq`)} as bigint`.execute(db)
      }
      const references: [string, string][] = [
        ['sessions', 'user_id'],
        ['sessions', 'replaced_by'],
        ['notifications', 'user_id'],
        ['template_type_stars', 'template_type_id'],
        ['template_type_stars', 'user_id'],
        ['credit_ledger', 'user_id'],
        ['contact_messages', 'user_id'],
      ]
      for (const [table, column] of references) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db)
      }
    },
  }
}
