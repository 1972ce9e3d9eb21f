import { type Kysely, type Migration, sql } from 'kysely'

/**
 * Whether a creation is live (`creations.livemode`, 1 or 0): a test-mode key's render makes a creation too, drawn
 * watermarked, and the app's lists (Creation History, the Dashboard) show live ones only, as a test batch stays
 * out of Bulk create's history. Creations of test renders made before are marked from their render.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('creations')
        .addColumn('livemode', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await sql`update creations set livemode = 0
        where id in (select creation_id from renders where livemode = 0 and creation_id is not null)`.execute(
        db,
      )
    },
  }
}
