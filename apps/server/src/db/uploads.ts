import type { Kysely } from 'kysely'
import type { Database, UploadRow } from './schema'

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

export function findUpload(db: Q, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Which of the keys belong to an upload row. */
export async function knownUploadKeys(db: Q, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.selectFrom('uploads').select('storage_key').where('storage_key', 'in', keys).execute()
  return new Set(rows.map((r) => r.storage_key))
}
