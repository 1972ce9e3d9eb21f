import type { Kysely, Migration } from 'kysely'

/**
 * A finished batch raises its one notification (and webhook) once, whichever worker runs its last job.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').addColumn('notified_at', 'bigint').execute()
    },
  }
}
