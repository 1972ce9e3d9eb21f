import type { Kysely } from 'kysely'
import type { Database, TemplateRow } from '../../db/schema'

/**
 * The templates `userId` may render, by id after the cursor: the catalogue's active ones and their own that
 * are not deleted; one more than `limit` (to tell whether more follow).
 */
export function usableTemplatesAfter(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number; startingAfter?: number | undefined },
): Promise<TemplateRow[]> {
  let q = db
    .selectFrom('templates')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', 'is', null), eb('active', '=', 1)]),
        eb.and([eb('owner_id', '=', userId), eb('deleted_at', 'is', null)]),
      ]),
    )
  if (page.startingAfter !== undefined) q = q.where('id', '>', page.startingAfter)
  return q
    .orderBy('id')
    .limit(page.limit + 1)
    .execute()
}
