import type { SelectQueryBuilder } from 'kysely'

/** Where a page of a list starts: after an id (the next page), before one (the previous page), or at the top. */
export interface IdCursor {
  limit: number
  startingAfter?: number | undefined
  endingBefore?: number | undefined
}

export interface IdPage<T> {
  items: T[]
  /** More items lie beyond the page in the direction asked (after it, or before it with `endingBefore`). */
  hasMore: boolean
}

/**
 * One page of a list ordered by its `id` column (`order` is the list's own order). A page asked with
 * `endingBefore` is read backwards from that id and turned round, so it comes in the list's order too.
 */
export async function pageById<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  id: `${TB & string}.id` | 'id',
  order: 'asc' | 'desc',
  cursor: IdCursor,
): Promise<IdPage<O>> {
  const backwards = cursor.endingBefore !== undefined
  const readOrder = backwards ? (order === 'asc' ? 'desc' : 'asc') : order
  const from = cursor.endingBefore ?? cursor.startingAfter
  // Kysely cannot type a column named by a caller's string against every table; the callers name their id.
  const ref = id as never
  if (from !== undefined) q = q.where(ref, readOrder === 'asc' ? '>' : '<', from as never)
  const rows = await q
    .orderBy(ref, readOrder)
    .limit(cursor.limit + 1)
    .execute()
  const items = rows.slice(0, cursor.limit)
  return { items: backwards ? items.reverse() : items, hasMore: rows.length > cursor.limit }
}
