import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType } from './columns'

/**
 * Signed image URLs (`/r/{key}/{template}.{ext}?…`): the render each distinct URL made, by the key that signs it
 * and the digest of its canonical form. The row is claimed first (no render yet), so two first requests at once
 * make one render; `claimed_at` lets a claim whose request died be taken over.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const ref = refType(engine)
      await db.schema
        .createTable('signed_images')
        .addColumn('api_key_id', ref, (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
        .addColumn('digest', 'text', notNull)
        .addColumn('render_id', ref, (c) => c.references('renders.id').onDelete('set null'))
        .addColumn('claimed_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('signed_images_pk', ['api_key_id', 'digest'])
        .execute()
    },
  }
}
