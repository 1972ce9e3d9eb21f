import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Approvals (ADR 0209, docs/product.md "Approvals"): a design's version marked approved by a member who may
 * (`approved_by`, when `approved_at`), cleared again when the approval is withdrawn; and a team's setting
 * `approved_only`, under which its creations draw only approved versions. Nothing is approved and the setting is
 * off for what was saved before, so creations go on as they did.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('template_versions').addColumn('approved_at', 'bigint').execute()
      await db.schema
        .alterTable('template_versions')
        .addColumn('approved_by', refType(engine), (c) => c.references('users.id').onDelete('set null'))
        .execute()
      await db.schema
        .alterTable('teams')
        .addColumn('approved_only', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
