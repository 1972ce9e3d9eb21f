import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * Review comments (ADR 0206, docs/product.md "Review"): each pinned to a point of a page of a design's version,
 * by a member (`author_id`) or a guest with the review link (`author_name`); a reply names its thread.
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('template_comments'))
        .addColumn('template_id', ref, (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('parent_id', ref, (c) => c.references('template_comments.id').onDelete('cascade'))
        .addColumn('version', 'integer', notNull)
        .addColumn('page', 'integer', notNull)
        .addColumn('x', 'real', notNull)
        .addColumn('y', 'real', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('author_id', ref, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text')
        .addColumn('resolved_at', 'bigint')
        .addColumn('resolved_by', ref, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema
        .createIndex('template_comments_template')
        .on('template_comments')
        .columns(['template_id', 'id'])
        .execute()
    },
  }
}
