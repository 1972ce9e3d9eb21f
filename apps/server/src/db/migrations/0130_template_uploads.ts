import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Which uploads a customer's template draws as fixed images (a logo): they outlive the sweep of unused uploads
 * as long as the template does, for every version of it (a creation re-opens with the version it was made from).
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('template_uploads')
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('upload_id', ref, (c) => c.notNull().references('uploads.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('template_uploads_pk', ['template_id', 'upload_id'])
        .execute()
      await db.schema
        .createIndex('template_uploads_upload')
        .on('template_uploads')
        .column('upload_id')
        .execute()
    },
  }
}
