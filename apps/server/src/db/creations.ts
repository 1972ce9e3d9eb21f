import { type Insertable, type Kysely, sql } from 'kysely'
import type { CreationRow, CreationTable, Database } from './schema'

type Q = Kysely<Database>

export type NewCreation = Insertable<CreationTable>

export async function insertCreation(db: Q, c: NewCreation): Promise<number> {
  const row = await db.insertInto('creations').values(c).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Records which uploads the creation draws (they then outlive the sweep of unused uploads). */
export async function insertCreationUploads(db: Q, creationId: number, uploadIds: number[]): Promise<void> {
  if (uploadIds.length > 0)
    await db
      .insertInto('creation_uploads')
      .values(uploadIds.map((upload_id) => ({ creation_id: creationId, upload_id })))
      .execute()
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

/** Deletes the creation if it is `userId`'s; returns the deleted row. */
export async function deleteOwnCreation(db: Q, id: number, userId: number): Promise<CreationRow | undefined> {
  return db
    .deleteFrom('creations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst()
}

export interface CreationFilter {
  userId: number
  typeId?: number | undefined
  templateId?: number | undefined
  /** Case-insensitive substring of the name. */
  q?: string | undefined
}

/** `%`, `_` and `\` match themselves in a LIKE pattern with `escape '\'`. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function filtered(db: Q, f: CreationFilter) {
  let q = db.selectFrom('creations').where('user_id', '=', f.userId)
  if (f.typeId !== undefined) q = q.where('template_type_id', '=', f.typeId)
  if (f.templateId !== undefined) q = q.where('template_id', '=', f.templateId)
  if (f.q) q = q.where(sql<boolean>`lower(name) like ${likePattern(f.q)} escape '\\'`)
  return q
}

/** One page of the user's creations, newest first, and the count over all pages. */
export async function listCreations(
  db: Q,
  f: CreationFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: CreationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
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
