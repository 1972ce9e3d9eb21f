import type { Insertable, Kysely } from 'kysely'
import { type IdCursor, type IdPage, pageById } from '../../db/id-pages'
import type { BatchRow, BatchTable, Database, RenderRow } from '../../db/schema'

type Q = Kysely<Database>

export async function insertBatch(db: Q, row: Insertable<BatchTable>): Promise<BatchRow> {
  return db.insertInto('batches').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The user's batch `id`; with `livemode`, only when it was made in that mode. */
export function findOwnBatch(
  db: Q,
  id: number,
  userId: number,
  livemode?: boolean,
): Promise<BatchRow | undefined> {
  return db
    .selectFrom('batches')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(livemode !== undefined, (q) => q.where('livemode', '=', livemode ? 1 : 0))
    .executeTakeFirst()
}

/**
 * Who started batch `b`: the member who started it in the app, else the maker of the `/v1` key it was sent with
 * (null when neither is known).
 */
export async function batchStarter(db: Q, b: BatchRow): Promise<number | null> {
  if (b.started_by !== null) return Number(b.started_by)
  if (b.api_key_id === null) return null
  const key = await db
    .selectFrom('api_keys')
    .select('created_by')
    .where('id', '=', b.api_key_id)
    .executeTakeFirst()
  return key?.created_by == null ? null : Number(key.created_by)
}

export function findBatch(db: Q, id: number): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Counts settled rows of the batch (by how they ended); returns the batch as it is after. */
export function countSettledRows(
  db: Q,
  batchId: number,
  n: { completed: number; failed: number; canceled: number },
): Promise<BatchRow> {
  return db
    .updateTable('batches')
    .set((eb) => ({
      completed_rows: eb('completed_rows', '+', n.completed),
      failed_rows: eb('failed_rows', '+', n.failed),
      canceled_rows: eb('canceled_rows', '+', n.canceled),
    }))
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Marks a running batch finished; true for the one caller that did (its "finished" work runs once). */
export async function finishBatch(
  db: Q,
  id: number,
  status: 'completed' | 'canceled',
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('batches')
    .set({ status, completed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The batch's first `limit` failed rows in row order (their reasons), and how many failed in all. */
export async function failedRowsOf(
  db: Q,
  batchId: number,
  limit: number,
): Promise<{ rows: Pick<RenderRow, 'row_number' | 'error'>[]; total: number }> {
  const failed = db.selectFrom('renders').where('batch_id', '=', batchId).where('status', '=', 'failed')
  // One after the other: inside a transaction both run on its one connection.
  const rows = await failed.select(['row_number', 'error']).orderBy('row_number').limit(limit).execute()
  const count = await failed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows, total: Number(count.n) }
}

/** The batch's completed rows in row order, with where their files are. */
export function completedRowsOf(db: Q, batchId: number) {
  return db
    .selectFrom('renders')
    .innerJoin('creations', 'creations.id', 'renders.creation_id')
    .select([
      'renders.row_number',
      'renders.name',
      'renders.formats',
      'renders.pdf_options',
      'creations.storage_prefix',
      'creations.pages',
    ])
    .where('renders.batch_id', '=', batchId)
    .where('renders.status', '=', 'completed')
    .orderBy('renders.row_number')
    .execute()
}

/** Claims the batch's one "finished" notification; true for the one caller that did. */
export async function claimBatchNotice(db: Q, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('batches')
    .set({ notified_at: now })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The values of the batch's completed rows in row order: the pages of its PDF. */
export function completedRowValuesOf(db: Q, batchId: number) {
  return db
    .selectFrom('renders')
    .select(['field_values', 'value_languages', 'template_version', 'locale'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'completed')
    .orderBy('row_number')
    .execute()
}

/** Records the pages of the batch's PDF, written to storage. */
export async function setBatchPdfPages(db: Q, id: number, pages: number): Promise<void> {
  await db.updateTable('batches').set({ pdf_pages: pages }).where('id', '=', id).execute()
}

/** Running batches whose every row has settled: their `batch-finish` job is due (or was lost with a process). */
export async function settledRunningBatchIds(db: Q): Promise<number[]> {
  const rows = await db
    .selectFrom('batches')
    .select('id')
    .where('status', '=', 'running')
    .where((eb) =>
      eb(
        eb(eb('completed_rows', '+', eb.ref('failed_rows')), '+', eb.ref('canceled_rows')),
        '>=',
        eb.ref('total_rows'),
      ),
    )
    .execute()
  return rows.map((r) => r.id)
}

/** A page of a user's batches of mode `livemode`, newest first (the developer API's list). */
export function pageOwnBatches(
  db: Q,
  userId: number,
  livemode: boolean,
  cursor: IdCursor,
): Promise<IdPage<BatchRow>> {
  const q = db
    .selectFrom('batches')
    .selectAll()
    .where('user_id', '=', userId)
    .where('livemode', '=', livemode ? 1 : 0)
  return pageById(q, 'id', 'desc', cursor)
}

/** A user's live batches newest first (a test-mode key's stay out of the app), with their template's names;
 * `total` over all pages. */
export async function listOwnBatches(db: Q, userId: number, page: { page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('batches')
      .innerJoin('templates', 'templates.id', 'batches.template_id')
      .selectAll('batches')
      .select(['templates.name as template_name', 'templates.name_zh as template_name_zh'])
      .where('batches.user_id', '=', userId)
      .where('batches.livemode', '=', 1)
      .orderBy('batches.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom('batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('livemode', '=', 1)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** A template's names in both languages (a batch names the template it draws). */
export function templateNames(db: Q, templateId: number) {
  return db
    .selectFrom('templates')
    .select(['name as template_name', 'name_zh as template_name_zh'])
    .where('id', '=', templateId)
    .executeTakeFirst()
}
