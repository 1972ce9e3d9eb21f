import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database, UploadRow } from '../../db/schema'

type Q = Kysely<Database>

export async function insertUpload(
  db: Q,
  u: {
    userId: number
    storageKey: string
    contentType: string
    width: number
    height: number
    bytes: number
    name: string | null
    now: number
  },
): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({
      user_id: u.userId,
      storage_key: u.storageKey,
      content_type: u.contentType,
      width: u.width,
      height: u.height,
      bytes: u.bytes,
      created_at: u.now,
      name: u.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The upload if it is `userId`'s (anyone else's is as unknown as a missing one). */
export function findOwnUpload(db: Q, id: number, userId: number): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * Ids and names one query takes at most: far under SQLite's 32,766 variables (PostgreSQL's 65,535), which a CSV of
 * a thousand rows of many image columns could otherwise pass.
 */
const REFS_PER_QUERY = 10_000

/**
 * `userId`'s uploads among the `ids` and the `names`, newest first (of several uploads with one name, the first
 * found is the one it names): every image cell of a bulk CSV in one query (a query per 10,000 of them).
 */
export async function findOwnUploadsNamed(
  db: Q,
  userId: number,
  refs: { ids: number[]; names: string[] },
): Promise<Pick<UploadRow, 'id' | 'name'>[]> {
  const found: Pick<UploadRow, 'id' | 'name' | 'created_at'>[] = []
  for (let at = 0; at < refs.ids.length + refs.names.length; at += REFS_PER_QUERY) {
    const ids = refs.ids.slice(at, at + REFS_PER_QUERY)
    const names = refs.names.slice(
      Math.max(0, at - refs.ids.length),
      Math.max(0, at + REFS_PER_QUERY - refs.ids.length),
    )
    const rows = await db
      .selectFrom('uploads')
      .select(['id', 'name', 'created_at'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
          ...(names.length > 0 ? [eb('name', 'in', names)] : []),
        ]),
      )
      .execute()
    found.push(...rows)
  }
  return found.sort((a, b) => Number(b.created_at) - Number(a.created_at) || b.id - a.id)
}

export function findUpload(db: Q, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Which of the keys belong to an upload row. */
export async function knownUploadKeys(db: Q, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.selectFrom('uploads').select('storage_key').where('storage_key', 'in', keys).execute()
  return new Set(rows.map((r) => r.storage_key))
}

/** Bytes and files of `userId`'s uploads. */
export async function uploadUsage(db: Q, userId: number): Promise<{ bytes: number; files: number }> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('files'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { bytes: Number(row.bytes), files: Number(row.files) }
}

/** One page of `userId`'s uploads, newest first, each with the number of creations that draw it. */
export async function listUploads(
  db: Q,
  userId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: (UploadRow & { creations: number })[]; total: number }> {
  const rows = await db
    .selectFrom('uploads')
    .selectAll('uploads')
    .select((eb) =>
      eb
        .selectFrom('creation_uploads')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('creation_uploads.upload_id', '=', 'uploads.id')
        .as('creations'),
    )
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute()
  const { files } = await uploadUsage(db, userId)
  return { rows: rows.map((r) => ({ ...r, creations: Number(r.creations ?? 0) })), total: files }
}

/** Deletes the upload if it is `userId`'s; returns the deleted row. */
export function deleteOwnUpload(db: Q, id: number, userId: number): Promise<UploadRow | undefined> {
  return db
    .deleteFrom('uploads')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Deletes up to `limit` uploads made before `before` that no creation and no template draws, and returns their
 * storage keys.
 * The "unused" condition is part of the delete itself, so an upload a creation starts to draw meanwhile stays.
 */
export async function deleteUnusedUploads(db: Q, before: number, limit: number): Promise<string[]> {
  const unused = (eb: ExpressionBuilder<Database, 'uploads'>) =>
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('creation_uploads')
            .select('upload_id')
            .whereRef('creation_uploads.upload_id', '=', 'uploads.id'),
        ),
      ),
      // A template's fixed image (a logo) is used for as long as the template lives.
      eb.not(
        eb.exists(
          eb
            .selectFrom('template_uploads')
            .select('upload_id')
            .whereRef('template_uploads.upload_id', '=', 'uploads.id'),
        ),
      ),
    ])
  const candidates = await db
    .selectFrom('uploads')
    .select('id')
    .where('created_at', '<', before)
    .where(unused)
    .orderBy('id')
    .limit(limit)
    .execute()
  if (candidates.length === 0) return []
  const gone = await db
    .deleteFrom('uploads')
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where(unused)
    .returning('storage_key')
    .execute()
  return gone.map((g) => g.storage_key)
}
