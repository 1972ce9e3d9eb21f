import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { refType } from './columns'

/**
 * Which uploads each creation draws, so that uploads nobody uses can be swept (services/media-sweep.ts), and a
 * user's uploads listed.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('creation_uploads')
        .addColumn('creation_id', ref, (c) => c.notNull().references('creations.id').onDelete('cascade'))
        .addColumn('upload_id', ref, (c) => c.notNull().references('uploads.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('creation_uploads_pk', ['creation_id', 'upload_id'])
        .execute()
      await db.schema
        .createIndex('creation_uploads_upload')
        .on('creation_uploads')
        .column('upload_id')
        .execute()
      // My uploads, newest first.
      await db.schema
        .createIndex('uploads_user_created')
        .on('uploads')
        .columns(['user_id', 'created_at', 'id'])
        .execute()
      // Existing creations: an image value is an upload id, optionally with a focal point (`17@0.25,0.6`).
      // Every value of that shape naming an upload of the same user is taken as used; a text value that
      // happens to look like one only keeps that upload from the sweep.
      const q = db as unknown as Kysely<{
        creations: { id: number; user_id: number; field_values: string }
        uploads: { id: number; user_id: number }
        creation_uploads: { creation_id: number; upload_id: number }
      }>
      let after = 0
      for (;;) {
        const rows = await q
          .selectFrom('creations')
          .select(['id', 'user_id', 'field_values'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute()
        if (rows.length === 0) break
        for (const r of rows) {
          const ids = new Set<number>()
          for (const v of Object.values(JSON.parse(r.field_values) as Record<string, unknown>)) {
            const m = typeof v === 'string' ? /^([1-9]\d{0,15})(?:@|$)/.exec(v) : null
            if (m?.[1]) ids.add(Number(m[1]))
          }
          if (ids.size === 0) continue
          const owned = await q
            .selectFrom('uploads')
            .select('id')
            .where('id', 'in', [...ids])
            .where('user_id', '=', r.user_id)
            .execute()
          if (owned.length > 0)
            await q
              .insertInto('creation_uploads')
              .values(owned.map((u) => ({ creation_id: r.id, upload_id: Number(u.id) })))
              .execute()
        }
        after = Number(rows.at(-1)?.id)
      }
    },
  }
}
