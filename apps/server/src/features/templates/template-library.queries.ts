import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../../db/connection'
import type { Database, TemplateRow } from '../../db/schema'
import { likePattern } from '../creations/creations.queries'

type Q = Kysely<Database>

/** What a saved document puts in its template's row. */
export interface TemplateFacts {
  name: string
  typeId: number
  width: number
  height: number
  /** The document's JSON, with its id already the row's slug. */
  definition: string
  /** The uploads its fixed images (logos) draw; each must be the saver's own. */
  uploadIds: number[]
}

/** A save naming an upload that is not (or no longer) the saver's: nothing was saved. */
export class MissingTemplateUpload extends Error {
  constructor(readonly uploadId: number) {
    super(`upload ${uploadId} is not the saver's`)
    this.name = 'MissingTemplateUpload'
  }
}

/**
 * Records that `templateId` draws `uploadIds`, each only if it is `userId`'s, in the save's transaction.
 *
 * The saver's uploads are read first and held until the save commits (`for key share` on PostgreSQL; on SQLite
 * the save already holds the one write lock), so a delete of one of them at the same time settles in one order:
 * either it went first, and the upload is not found here (the save fails, naming it), or it waits for the save
 * and then removes the link with the upload. Without the hold, the link's insert could see an upload that a
 * delete had just removed and fail on the foreign key.
 */
async function linkUploads(trx: Q, templateId: number, userId: number, uploadIds: number[]) {
  if (uploadIds.length === 0) return
  const own = await trx
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', uploadIds)
    .where('user_id', '=', userId)
    .$if(isPostgres(trx), (q) => q.forKeyShare())
    .execute()
  const found = new Set(own.map((u) => Number(u.id)))
  const missing = uploadIds.find((id) => !found.has(id))
  if (missing !== undefined) throw new MissingTemplateUpload(missing)
  // Rows kept from an earlier version stay as they are.
  await trx
    .insertInto('template_uploads')
    .values(uploadIds.map((upload_id) => ({ template_id: templateId, upload_id })))
    .onConflict((oc) => oc.columns(['template_id', 'upload_id']).doNothing())
    .execute()
}

/** The bytes `userId`'s templates that are not deleted take, every version counted (the template quota). */
export async function templateUsage(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('template_versions as v')
    .innerJoin('templates as t', 't.id', 'v.template_id')
    .where('t.owner_id', '=', userId)
    .where('t.deleted_at', 'is', null)
    .select((eb) => eb.fn.sum<number | string | null>('v.bytes').as('bytes'))
    .executeTakeFirst()
  return Number(r?.bytes ?? 0)
}

/** Run first in a save's transaction, with the document's size: a quota's check, which may refuse the save. */
export type SaveGuard = (trx: Q, bytes: number) => Promise<void>

/** A customer's template's slug: the id its documents carry. Random, so it says nothing of the account. */
export const ownSlug = () => `own-${randomBytes(8).toString('hex')}`

/** One page of `userId`'s templates that are not deleted, latest change first, and the count of all. */
export async function listOwnTemplates(
  db: Q,
  userId: number,
  q: string | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: (TemplateRow & { approved_version: number | null })[]; total: number }> {
  let base = db.selectFrom('templates').where('owner_id', '=', userId).where('deleted_at', 'is', null)
  if (q) base = base.where(sql<boolean>`lower(name) like ${likePattern(q)} escape '\\'`)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('template_versions as a')
          .select((e) => e.fn.max('a.version').as('v'))
          .whereRef('a.template_id', '=', 'templates.id')
          .where('a.approved_at', 'is not', null)
          .as('approved_version'),
      )
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Template versions as their list shows them: when saved, their size, and who approved them and when. */
const versions = (db: Q) =>
  db
    .selectFrom('template_versions as v')
    .leftJoin('users as u', 'u.id', 'v.approved_by')
    .select(['v.version', 'v.created_at', 'v.bytes', 'v.approved_at', 'v.approved_by', 'u.name as approver'])

export type VersionRow = Awaited<ReturnType<ReturnType<typeof versions>['executeTakeFirstOrThrow']>>

/**
 * Approves version `version` of `userId`'s template `id` (not deleted) by `actorId`, or with `approved` false
 * withdraws its approval: one conditional update, so of two at once one changes it and the other finds it done.
 * The version as listed (read in the update's transaction, so it shows this change), the template's name, and
 * whether this call changed it; undefined when there is no such version of theirs.
 */
export async function setVersionApproval(
  db: Q,
  d: { userId: number; actorId: number; id: number; version: number; approved: boolean; now: number },
): Promise<{ row: VersionRow; name: string; changed: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('template_versions')
      .set(
        d.approved
          ? { approved_at: d.now, approved_by: d.actorId }
          : { approved_at: null, approved_by: null },
      )
      .where('template_id', '=', d.id)
      .where('version', '=', d.version)
      .where('approved_at', d.approved ? 'is' : 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('templates')
            .select('id')
            .where('id', '=', d.id)
            .where('owner_id', '=', d.userId)
            .where('deleted_at', 'is', null),
        ),
      )
      .executeTakeFirst()
    const row = await versions(trx)
      .innerJoin('templates as t', 't.id', 'v.template_id')
      .select('t.name')
      .where('v.template_id', '=', d.id)
      .where('v.version', '=', d.version)
      .where('t.owner_id', '=', d.userId)
      .where('t.deleted_at', 'is', null)
      .executeTakeFirst()
    if (!row) return undefined
    const { name, ...version } = row
    return { row: version, name, changed: Number(changed.numUpdatedRows) > 0 }
  })
}

/**
 * One page of the versions of `userId`'s template `templateId` (not deleted), latest first, and their count;
 * undefined when it is not theirs.
 */
export async function listOwnTemplateVersions(
  db: Q,
  userId: number,
  templateId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: VersionRow[]; total: number } | undefined> {
  const own = await db
    .selectFrom('templates')
    .select('version')
    .where('id', '=', templateId)
    .where('owner_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!own) return undefined
  const rows = await versions(db)
    .where('v.template_id', '=', templateId)
    .orderBy('v.version', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute()
  // Versions are 1 to the current one, none ever removed: their count is the current version.
  return { rows, total: Number(own.version) }
}

/** Makes a template owned by `userId` with its first version. The definition's id must be `slug`. */
export async function insertOwnTemplate(
  db: Q,
  userId: number,
  slug: string,
  facts: TemplateFacts,
  now: number,
  guard?: SaveGuard,
): Promise<{ id: number; version: number }> {
  const bytes = Buffer.byteLength(facts.definition)
  return db.transaction().execute(async (trx) => {
    await guard?.(trx, bytes)
    const { id } = await trx
      .insertInto('templates')
      .values({
        slug,
        owner_id: userId,
        template_type_id: facts.typeId,
        name: facts.name,
        name_zh: facts.name,
        width: facts.width,
        height: facts.height,
        sort_order: 0,
        definition: facts.definition,
        active: 1,
        version: 1,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('template_versions')
      .values({ template_id: id, version: 1, definition: facts.definition, bytes, created_at: now })
      .execute()
    await linkUploads(trx, id, userId, facts.uploadIds)
    return { id, version: 1 }
  })
}

/**
 * Saves the next version of one of `userId`'s templates; undefined when it is not theirs or is deleted. The
 * version is taken by the row's own update (`version + 1 … returning`), so two saves at once get two versions.
 * With `baseVersion` the update applies only while that is still the current version ('conflict' otherwise):
 * of two saves from one version, one wins and the other is told, in the same statement.
 */
export async function saveOwnVersion(
  db: Q,
  userId: number,
  id: number,
  facts: TemplateFacts,
  now: number,
  baseVersion?: number,
  guard?: SaveGuard,
): Promise<{ id: number; version: number } | 'conflict' | undefined> {
  const bytes = Buffer.byteLength(facts.definition)
  return db.transaction().execute(async (trx) => {
    await guard?.(trx, bytes)
    const row = await trx
      .updateTable('templates')
      .set((eb) => ({
        name: facts.name,
        name_zh: facts.name,
        template_type_id: facts.typeId,
        width: facts.width,
        height: facts.height,
        definition: facts.definition,
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('owner_id', '=', userId)
      .where('deleted_at', 'is', null)
      .$if(baseVersion !== undefined, (q) => q.where('version', '=', baseVersion as number))
      .returning(['id', 'version'])
      .executeTakeFirst()
    if (!row) {
      if (baseVersion === undefined) return undefined
      const live = await trx
        .selectFrom('templates')
        .select('id')
        .where('id', '=', id)
        .where('owner_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      return live ? 'conflict' : undefined
    }
    await trx
      .insertInto('template_versions')
      .values({
        template_id: row.id,
        version: row.version,
        definition: facts.definition,
        bytes,
        created_at: now,
      })
      .execute()
    await linkUploads(trx, row.id, userId, facts.uploadIds)
    return row
  })
}

/** Deletes one of `userId`'s templates from lists and new creations; its versions stay for what was made. */
export async function deleteOwnTemplate(db: Q, userId: number, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('templates')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** A template `userId` may read a version of: the catalogue's, or their own (deleted ones included). */
export function findReadableTemplate(db: Q, id: number, userId: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]))
    .executeTakeFirst()
}
