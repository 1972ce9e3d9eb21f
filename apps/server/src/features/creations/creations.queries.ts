import { type Insertable, type Kysely, sql } from 'kysely'
import { isPostgres } from '../../db/connection'
import type { CreationRow, CreationTable, Database } from '../../db/schema'
import { queryTerms } from '../../db/search-text'

type Q = Kysely<Database>

export type NewCreation = Insertable<CreationTable> & { search_text: string }

/** Inserts creations in one statement; their ids, in the order of `rows`. */
export async function insertCreations(db: Q, rows: NewCreation[]): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db.insertInto('creations').values(rows).returning(['id', 'storage_prefix']).execute()
  // Matched by their (unique) storage prefix: the order of RETURNING is not promised.
  const ids = new Map(inserted.map((r) => [r.storage_prefix, r.id]))
  return rows.map((r) => ids.get(r.storage_prefix) as number)
}

/** Records which uploads creations draw (they then outlive the sweep of unused uploads). */
export async function insertCreationUploads(
  db: Q,
  links: { creation_id: number; upload_id: number }[],
): Promise<void> {
  if (links.length > 0) await db.insertInto('creation_uploads').values(links).execute()
}

/** The creation if it is `userId`'s (anyone else's is as unknown as a missing one). */
export function findOwnCreation(db: Q, id: number, userId: number): Promise<CreationRow | undefined> {
  return db
    .selectFrom('creations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export function findCreation(db: Q, id: number): Promise<CreationRow | undefined> {
  return db.selectFrom('creations').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Deletes the creation if it is `userId`'s and records that it was deleted (one transaction); returns the
 * deleted row. The search index follows the row (a trigger on SQLite, the index itself on PostgreSQL).
 */
export async function deleteOwnCreation(
  db: Q,
  id: number,
  userId: number,
  now: number,
): Promise<CreationRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('creations')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst()
    if (row)
      await trx
        .insertInto('deleted_creations')
        .values({ id, user_id: userId, deleted_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
    return row
  })
}

/** When the user's creation `id` was deleted, if it was theirs and is gone. */
export async function creationDeletedAt(db: Q, id: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('deleted_creations')
    .select('deleted_at')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row && Number(row.deleted_at)
}

/** Renames the user's creation and its search text in one statement; the renamed row, if it is theirs. */
export function renameOwnCreation(
  db: Q,
  c: { id: number; userId: number; name: string; searchText: string },
): Promise<CreationRow | undefined> {
  return db
    .updateTable('creations')
    .set({ name: c.name, search_text: c.searchText })
    .where('id', '=', c.id)
    .where('user_id', '=', c.userId)
    .returningAll()
    .executeTakeFirst()
}

export type CreationSort = 'newest' | 'oldest' | 'name'

/** `%`, `_` and `\` match themselves in a LIKE pattern with `escape '\'`. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface CreationFilter {
  userId: number
  typeId?: number | undefined
  templateId?: number | undefined
  /** Words of the name or the typed text (db/search-text.ts): every word must match the start of one. */
  q?: string | undefined
}

/**
 * The search condition on both engines over the same lexemes: FTS5's MATCH on SQLite (each term a quoted
 * prefix), the GIN-indexed tsvector on PostgreSQL (each term a `:*` prefix). Terms are letters and digits only,
 * so quoting them is all the escaping they need; they travel as a bound parameter.
 */
function matches(db: Q, terms: string[]) {
  if (isPostgres(db)) {
    const query = terms.map((t) => `'${t}':*`).join(' & ')
    return sql<boolean>`array_to_tsvector(string_to_array(creations.search_text, ' ')) @@ cast(${query} as tsquery)`
  }
  const query = terms.map((t) => `"${t}"*`).join(' AND ')
  return sql<boolean>`creations.id in (select rowid from creations_fts where creations_fts match ${query})`
}

/** The user's live creations (a test-mode key's stay out of the app's lists) matching `f`. */
function filtered(db: Q, f: CreationFilter) {
  let q = db.selectFrom('creations').where('user_id', '=', f.userId).where('livemode', '=', 1)
  if (f.typeId !== undefined) q = q.where('template_type_id', '=', f.typeId)
  if (f.templateId !== undefined) q = q.where('template_id', '=', f.templateId)
  if (f.q !== undefined && f.q.trim() !== '') {
    const terms = queryTerms(f.q)
    // A query without a letter or digit ("%", "_") names no word: it finds nothing.
    q = terms.length > 0 ? q.where(matches(db, terms)) : q.where(sql<boolean>`1 = 0`)
  }
  return q
}

/** One page of the user's creations, newest first, and the count over all pages. */
export async function listCreations(
  db: Q,
  f: CreationFilter,
  page: { page: number; pageSize: number; sort?: CreationSort | undefined },
): Promise<{ rows: CreationRow[]; total: number }> {
  const base = filtered(db, f).selectAll()
  const sorted =
    page.sort === 'name'
      ? base.orderBy(sql`lower(name)`).orderBy('id', 'desc')
      : page.sort === 'oldest'
        ? base.orderBy('created_at', 'asc').orderBy('id', 'asc')
        : base.orderBy('created_at', 'desc').orderBy('id', 'desc')
  const [rows, count] = await Promise.all([
    sorted
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Which of the prefixes belong to a creation row. */
export async function knownCreationPrefixes(db: Q, prefixes: string[]): Promise<Set<string>> {
  if (prefixes.length === 0) return new Set()
  const rows = await db
    .selectFrom('creations')
    .select('storage_prefix')
    .where('storage_prefix', 'in', prefixes)
    .execute()
  return new Set(rows.map((r) => r.storage_prefix))
}
