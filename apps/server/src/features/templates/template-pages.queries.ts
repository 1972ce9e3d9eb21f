import type { Kysely } from 'kysely'
import { type IdCursor, type IdPage, pageById } from '../../db/id-pages'
import type { Database, TemplateRow } from '../../db/schema'

/** A page of the templates `userId` may render, by id: the catalogue's active ones and their own not deleted. */
export function usableTemplatesPage(
  db: Kysely<Database>,
  userId: number,
  cursor: IdCursor,
): Promise<IdPage<TemplateRow>> {
  const q = db
    .selectFrom('templates')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', 'is', null), eb('active', '=', 1)]),
        eb.and([eb('owner_id', '=', userId), eb('deleted_at', 'is', null)]),
      ]),
    )
  return pageById(q, 'id', 'asc', cursor)
}
