import type { Kysely } from 'kysely'
import type { Database, TemplateRow } from './schema'

/** Active catalogue templates by id, after the cursor; one more than `limit` (to tell whether more follow). */
export function activeTemplatesAfter(
  db: Kysely<Database>,
  page: { limit: number; startingAfter?: number | undefined },
): Promise<TemplateRow[]> {
  let q = db.selectFrom('templates').selectAll().where('active', '=', 1)
  if (page.startingAfter !== undefined) q = q.where('id', '>', page.startingAfter)
  return q
    .orderBy('id')
    .limit(page.limit + 1)
    .execute()
}
