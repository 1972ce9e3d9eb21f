import type { Kysely, Migration } from 'kysely'

/**
 * Test-mode API keys (ADR 0190): a key's `mode`, `live` or `test`, and whether what it made is live (`livemode`,
 * 1 or 0) on its renders and batches, so a queued job draws a test render watermarked and refunds nothing when it
 * fails. Everything made before is live.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('api_keys')
        .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
        .execute()
      for (const table of ['renders', 'batches'])
        await db.schema
          .alterTable(table)
          .addColumn('livemode', 'integer', (c) => c.notNull().defaultTo(1))
          .execute()
    },
  }
}
