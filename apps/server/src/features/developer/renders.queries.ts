import { type Insertable, type Kysely, sql } from 'kysely'
import { type IdCursor, type IdPage, pageById } from '../../db/id-pages'
import type { CreationRow, Database, RenderRow, RenderTable } from '../../db/schema'

type Q = Kysely<Database>

export async function insertRenders(db: Q, rows: Insertable<RenderTable>[]): Promise<RenderRow[]> {
  if (rows.length === 0) return []
  return db.insertInto('renders').values(rows).returningAll().execute()
}

export function findRender(db: Q, id: number): Promise<RenderRow | undefined> {
  return db.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The user's render `id`, when it was made in mode `livemode` (a test key's by a test key). */
export function findOwnRender(
  db: Q,
  id: number,
  userId: number,
  livemode: boolean,
): Promise<RenderRow | undefined> {
  return db
    .selectFrom('renders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('livemode', '=', livemode ? 1 : 0)
    .executeTakeFirst()
}

/** A page of the user's single renders (not batch rows) of mode `livemode`, newest first. */
export function listOwnRenders(
  db: Q,
  userId: number,
  livemode: boolean,
  cursor: IdCursor,
): Promise<IdPage<RenderRow>> {
  const q = db
    .selectFrom('renders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('batch_id', 'is', null)
    .where('livemode', '=', livemode ? 1 : 0)
  return pageById(q, 'id', 'desc', cursor)
}

/** A page of a batch's rows (its renders) in row order, those of one status when `status` is given. */
export function listBatchRenders(
  db: Q,
  batchId: number,
  status: RenderRow['status'] | undefined,
  cursor: IdCursor,
): Promise<IdPage<RenderRow>> {
  let q = db.selectFrom('renders').selectAll().where('batch_id', '=', batchId)
  if (status !== undefined) q = q.where('status', '=', status)
  // A batch's rows are inserted together in row order, so their ids run in row order too.
  return pageById(q, 'id', 'asc', cursor)
}

/**
 * Takes the renders of `ids` for one attempt each: queued, or running (a retry of an attempt whose worker died or
 * failed). Returns the rows taken, with this attempt's number; a render settled (or gone) is not among them.
 */
export function claimRenders(db: Q, ids: number[], now: number): Promise<RenderRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .updateTable('renders')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: now }))
    .where('id', 'in', ids)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .execute()
}

/**
 * Completes renders with their creations, each only by the attempt that claimed it (`attempt`), in one
 * statement; returns the ids it completed (an attempt taken over by another worker is not among them).
 */
export async function completeRenders(
  db: Q,
  rows: { id: number; attempt: number; creationId: number }[],
  now: number,
): Promise<Set<number>> {
  if (rows.length === 0) return new Set()
  const creationIds = sql.join(
    rows.map((r) => sql`when ${r.id} then cast(${r.creationId} as bigint)`),
    sql` `,
  )
  const done = await db
    .updateTable('renders')
    .set({ status: 'completed', completed_at: now, creation_id: sql<number>`case id ${creationIds} end` })
    .where('status', '=', 'running')
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('id', '=', r.id), eb('attempts', '=', r.attempt)]))))
    .returning('id')
    .execute()
  return new Set(done.map((r) => Number(r.id)))
}

/**
 * Fails attempt `attempt` of a running render (its credit no longer spent): only that attempt can, so a render
 * fails once even when a worker taken for dead comes back. True when this call failed it.
 */
export async function failRender(
  db: Q,
  r: { id: number; attempt: number; now: number; error: string },
): Promise<boolean> {
  const res = await db
    .updateTable('renders')
    .set({ status: 'failed', error: r.error, credits_spent: 0, completed_at: r.now })
    .where('id', '=', r.id)
    .where('status', '=', 'running')
    .where('attempts', '=', r.attempt)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Cancels the renders of `ids` (or of batch `batchId`) that have not started; returns the ones it cancelled. */
export function cancelQueuedRenders(
  db: Q,
  where: { id: number } | { batchId: number },
  now: number,
): Promise<RenderRow[]> {
  let q = db
    .updateTable('renders')
    .set({ status: 'canceled', credits_spent: 0, completed_at: now })
    .where('status', '=', 'queued')
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('batch_id', '=', where.batchId)
  return q.returningAll().execute()
}

export async function deleteRender(db: Q, id: number): Promise<void> {
  await db.deleteFrom('renders').where('id', '=', id).execute()
}

/** Renders left unfinished (the in-process queue forgets its jobs when the process stops). */
export async function unfinishedRenderIds(db: Q): Promise<number[]> {
  const rows = await db
    .selectFrom('renders')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute()
  return rows.map((r) => r.id)
}

export async function creationsByIds(db: Q, ids: number[]): Promise<Map<number, CreationRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('creations').selectAll().where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r]))
}
