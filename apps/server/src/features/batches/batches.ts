import { boundedKey, Code, type FieldIssue, type IssuesData, MAX_ISSUES } from '@templet/api/contract'
import { BATCH_MAX_ROWS } from '@templet/api/limits'
import { columnNames, type Locale, type Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { IdCursor, IdPage } from '../../db/id-pages'
import type { BatchRow, Database, RenderRow } from '../../db/schema'
import { AppError, notFound, requestedSize } from '../../errors'
import { errorFields, type Logger } from '../../log'
import { downloadName, sizeTag } from '../../services/download-names'
import type { FileUrls } from '../../services/file-urls'
import type { JobQueue } from '../../services/jobs'
import { templateOf } from '../../services/renderer'
import type { MediaStorage } from '../../services/storage'
import { grantCreditsOnce } from '../billing/ledger'
import type { Creations } from '../creations/creations'
import { storedLanguages } from '../creations/library'
import { type PdfOptions, pdfOptionsOf, pdfOptionsText } from '../creations/pdf-options'
import {
  isSettled,
  type Maker,
  type RenderError,
  type RenderFormat,
  type Renders,
  renderErrorOf,
  spendUnlessTest,
} from '../developer/renders'
import { insertRenders, listBatchRenders } from '../developer/renders.queries'
import { inTeam, notificationRow } from '../notifications/notifications'
import { insertNotifications } from '../notifications/notifications.queries'
import { workRecipient } from '../notifications/recipients'
import { findUsableTemplate } from '../templates/templates.queries'
import {
  batchStarter,
  claimBatchNotice,
  completedRowValuesOf,
  countSettledRows,
  failedRowsOf,
  findBatch,
  findOwnBatch,
  finishBatch,
  insertBatch,
  listOwnBatches,
  pageOwnBatches,
  setBatchPdfPages,
  settledRunningBatchIds,
} from './batches.queries'

export interface BatchRequest {
  templateId: number
  sizeId?: string | undefined
  formats: RenderFormat[]
  /** The bleed and crop marks of every row's PDF and of the batch's one. */
  pdfOptions?: PdfOptions | undefined
  locale?: Locale | undefined
  rows: {
    values: Record<string, string>
    name?: string | undefined
    /** Text field key to the language its value is written in (its Han forms). */
    valueLanguages?: Record<string, string> | undefined
    /** Why the row is refused before its check (bulk create: an image cell naming none of the caller's uploads). */
    refused?: RenderError | undefined
  }[]
  /**
   * A CSV's column names as keys (`keyedByColumnName`): each must be a field's key, `name` or `<key>.lang`,
   * checked before any row.
   */
  columns?: string[] | undefined
}

/**
 * Refuses a CSV with a column the template has no use for (a misspelt or renamed field), naming it and the
 * columns it takes: every row would otherwise fail on it.
 */
function assertKnownColumns(columns: string[], fields: Template['fields']): void {
  const keys = fields.map((f) => f.key)
  const known = new Set(['name', ...keys, ...keys.map((k) => `${k}.lang`)])
  const unknown = columns.filter((c) => !known.has(c))
  if (unknown.length === 0) return
  throw new AppError(
    Code.invalidInput,
    `body: The template has no column ${unknown
      .slice(0, 5)
      .map((c) => `"${boundedKey(c)}"`)
      .join(
        ', ',
      )}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}; its columns are ${[...columnNames(fields).values(), 'name'].join(', ')}`,
    {
      issues: unknown
        .slice(0, MAX_ISSUES)
        .map((c) => ({ path: ['csv', boundedKey(c)], code: 'unrecognized_key', params: {} })),
      ...(unknown.length > MAX_ISSUES && { omitted: unknown.length - MAX_ISSUES }),
    } satisfies IssuesData,
  )
}

/** The refusal of a batch of more rows than one batch holds (a CSV's is refused as it is read). */
export const tooManyRows = () =>
  new AppError(
    Code.invalidInput,
    `rows: At most ${BATCH_MAX_ROWS} rows in one batch; split the rows into several batches`,
    {
      issues: [{ path: ['rows'], code: 'too_big', params: { maximum: BATCH_MAX_ROWS, origin: 'array' } }],
    } satisfies IssuesData,
  )

/**
 * The bytes of stored row errors an answer about a batch lists at most: with the batch's own fields and the
 * views' few words per row, its answer stays under 16 kB whatever its rows held.
 */
const LISTED_ERRORS_MAX_BYTES = 10 * 1024

/** A batch's failed rows as an answer lists them: the first ones with their errors, and how many more failed. */
export interface RowErrors {
  errors: { row: number; error: RenderError }[]
  omitted: number
}

/**
 * The errors of a batch's first failed rows, in row order: at most {@link MAX_ISSUES} of them, and fewer when
 * their errors pass {@link LISTED_ERRORS_MAX_BYTES}; the rest are counted. 800 rows of 20 unknown fields each
 * answered 1.2 MB on every read of the batch.
 */
export async function rowErrorsOf(db: Kysely<Database>, batchId: number): Promise<RowErrors> {
  const { rows, total } = await failedRowsOf(db, batchId, MAX_ISSUES)
  const errors: RowErrors['errors'] = []
  let bytes = 0
  for (const r of rows) {
    const text = r.error ?? '{}'
    bytes += Buffer.byteLength(text)
    if (bytes > LISTED_ERRORS_MAX_BYTES) break
    errors.push({ row: r.row_number ?? 0, error: JSON.parse(text) as RenderError })
  }
  return { errors, omitted: total - errors.length }
}

/** A row as checked: accepted (with its languages in canonical case), or refused with the reason. */
export type RowCheck =
  | { ok: true; valueLanguages: Record<string, string> }
  | { ok: false; error: RenderError }

/** Runs in the transaction that raises a finished batch's one notice (webhooks hang here). */
export type BatchFinishedHook = (trx: Kysely<Database>, batch: BatchRow) => Promise<void>

/** Where a batch's PDF of every completed row is kept. */
export const batchPdfKey = (batchId: number) => `batches/${batchId}/document.pdf`

const asksForPdf = (b: BatchRow) => b.formats.split(',').includes('pdf')
const allSettled = (b: BatchRow) => b.completed_rows + b.failed_rows + b.canceled_rows >= b.total_rows
const finalStatus = (b: BatchRow) => (b.canceled_rows > 0 ? 'canceled' : 'completed')

/**
 * Batches (bulk creation, docs/product.md#bulk-create; the app's Bulk create and `/v1` both): one render per row, all rows
 * paid for at once when accepted; rows the template refuses are reported with their row numbers and refunded at
 * once, the others run as render jobs. The row that settles last finishes the batch (a conditional update picks
 * it), which raises one notification. A batch that asked for PDF is finished by its `batch-finish` job instead,
 * once that job has written one PDF of every completed row: it turns `completed` with its PDF there.
 */
export class Batches {
  private readonly finishedHooks: BatchFinishedHook[] = []

  constructor(
    private readonly d: {
      db: Kysely<Database>
      renders: Renders
      creations: Creations
      storage: MediaStorage
      urls: FileUrls
      queue: JobQueue
      now: () => number
      log: Logger
    },
  ) {
    d.renders.onSettled((trx, rows) => this.countRows(trx, rows))
  }

  onFinished(hook: BatchFinishedHook): void {
    this.finishedHooks.push(hook)
  }

  /**
   * Checks a batch as `create` would, spending nothing: the template and size (a 400 or 404 for the whole batch)
   * and each row as its render will be checked, so what is accepted is not refused later.
   */
  async check(userId: number, r: BatchRequest) {
    if (r.rows.length === 0)
      throw new AppError(Code.invalidInput, 'rows: Send at least one row', {
        issues: [{ path: ['rows'], code: 'too_small', params: { minimum: 1, origin: 'array' } }],
      } satisfies IssuesData)
    if (r.rows.length > BATCH_MAX_ROWS) throw tooManyRows()
    // Read once for all the rows (one query, not one per row), so every row is checked against one version: the
    // version a creation draws (in a team that creates only from approved versions, an approved one).
    const resolved = await this.d.creations.resolve(userId, r.templateId)
    const document = resolved.template
    if (r.columns) assertKnownColumns(r.columns, document.fields)
    const sizeId = requestedSize(document, r.sizeId, 'size_id').id
    const checked: RowCheck[] = []
    for (const row of r.rows) {
      if (row.refused) {
        checked.push({ ok: false, error: row.refused })
        continue
      }
      try {
        const { valueLanguages } = await this.d.renders.check(
          userId,
          {
            templateId: r.templateId,
            sizeId,
            values: row.values,
            valueLanguages: row.valueLanguages,
            name: row.name,
            formats: r.formats,
            pdfOptions: r.pdfOptions,
            locale: r.locale,
          },
          resolved,
        )
        checked.push({ ok: true, valueLanguages })
      } catch (err) {
        if (!(err instanceof AppError) || err.code === Code.internal) throw err
        // A format the template cannot make is the whole batch's problem, not a row's.
        const issues = (err.data as { issues?: FieldIssue[] } | null)?.issues
        if (issues?.some((i) => i.path[0] === 'formats' || i.path[0] === 'pdf_options')) throw err
        checked.push({ ok: false, error: renderErrorOf(err) })
      }
    }
    return { template: resolved.row, sizeId, templateVersion: resolved.version, checked }
  }

  /**
   * Accepts a batch: every row's credit reserved (402 when the balance cannot cover them all); a test key's
   * spends nothing.
   */
  async create(caller: Maker, r: BatchRequest): Promise<BatchRow> {
    const { sizeId, templateVersion, checked } = await this.check(caller.userId, r)
    const invalid = checked.filter((c) => !c.ok).length
    const now = this.d.now()
    const livemode = caller.livemode !== false
    const batch = await spendUnlessTest(
      this.d.db,
      { userId: caller.userId, amount: r.rows.length, livemode, now },
      async (trx) => {
        const batch = await insertBatch(trx, {
          user_id: caller.userId,
          api_key_id: caller.keyId,
          started_by: caller.startedBy ?? null,
          template_id: r.templateId,
          size_id: sizeId,
          locale: r.locale ?? 'en',
          formats: r.formats.join(','),
          pdf_options: pdfOptionsText(r.pdfOptions),
          status: 'running',
          total_rows: r.rows.length,
          failed_rows: invalid,
          credits_reserved: livemode ? r.rows.length : 0,
          livemode: livemode ? 1 : 0,
          created_at: now,
        })
        const rows = await insertRenders(
          trx,
          r.rows.map((row, i) => {
            const c = checked[i]
            return {
              user_id: caller.userId,
              api_key_id: caller.keyId,
              batch_id: batch.id,
              row_number: i + 1,
              template_id: r.templateId,
              template_version: String(templateVersion),
              size_id: sizeId,
              locale: r.locale ?? 'en',
              formats: r.formats.join(','),
              pdf_options: pdfOptionsText(r.pdfOptions),
              name: row.name ?? null,
              field_values: JSON.stringify(row.values),
              value_languages:
                c?.ok && Object.keys(c.valueLanguages).length > 0 ? JSON.stringify(c.valueLanguages) : null,
              status: c?.ok ? ('queued' as const) : ('failed' as const),
              error: c && !c.ok ? JSON.stringify(c.error) : null,
              credits_spent: c?.ok && livemode ? 1 : 0,
              livemode: livemode ? 1 : 0,
              created_at: now,
              completed_at: c?.ok ? null : now,
            }
          }),
        )
        if (invalid > 0 && livemode)
          await grantCreditsOnce(trx, {
            userId: caller.userId,
            amount: invalid,
            reason: 'refund',
            idempotencyKey: `batch-invalid:${batch.id}`,
            purchaseId: null,
            now,
          })
        const queued = rows.filter((row) => row.status === 'queued')
        if (queued.length > 0)
          await this.d.queue.send(
            'render',
            queued.map((row) => ({ renderId: row.id })),
            { trx },
          )
        else await this.finishIfDone(trx, batch)
        return batch
      },
    )
    this.d.queue.nudge('render')
    this.d.queue.nudge('batch-finish')
    return (await findBatch(this.d.db, batch.id)) ?? batch
  }

  /** The caller's batches, newest first (the app's and /v1's alike). */
  list(userId: number, page: { page: number; pageSize: number }) {
    return listOwnBatches(this.d.db, userId, page)
  }

  /** One of the user's batches; with `livemode`, only one of that mode (a `/v1` key sees only its mode's). */
  async get(userId: number, id: number, livemode?: boolean) {
    const batch = await findOwnBatch(this.d.db, id, userId, livemode)
    if (!batch) return undefined
    return { batch, ...(await rowErrorsOf(this.d.db, id)) }
  }

  /**
   * A page of the user's batches of mode `livemode`, newest first, each with its failed rows as {@link get}
   * gives them.
   */
  async page(userId: number, livemode: boolean, cursor: IdCursor) {
    const page = await pageOwnBatches(this.d.db, userId, livemode, cursor)
    const items = []
    for (const batch of page.items) items.push({ batch, ...(await rowErrorsOf(this.d.db, batch.id)) })
    return { items, hasMore: page.hasMore }
  }

  /** A page of one of the user's batches' rows in row order (undefined for a batch not theirs). */
  async rows(
    userId: number,
    id: number,
    livemode: boolean,
    status: RenderRow['status'] | undefined,
    cursor: IdCursor,
  ): Promise<IdPage<RenderRow> | undefined> {
    if (!(await findOwnBatch(this.d.db, id, userId, livemode))) return undefined
    return listBatchRenders(this.d.db, id, status, cursor)
  }

  /**
   * A finished batch's results as signed URLs: the ZIP of the completed rows' files, and with `pdf` among its
   * formats, the PDF with a page per completed row. Null while running and when no row completed.
   */
  results(b: BatchRow): { archive: string | null; pdf: string | null } {
    const made = b.status !== 'running' && b.completed_rows > 0
    return {
      archive: made ? this.d.urls.url({ kind: 'batch', id: b.id, variant: 'zip' }) : null,
      pdf: made && b.pdf_pages > 0 ? this.d.urls.url({ kind: 'batch', id: b.id, variant: 'pdf' }) : null,
    }
  }

  /** The batch's PDF in storage and the name it downloads under (`award-a4-batch-7.pdf`), once written. */
  async pdfFile(id: number): Promise<{ key: string; name: string } | undefined> {
    const b = await findBatch(this.d.db, id)
    if (!b || b.status === 'running' || b.pdf_pages === 0) return undefined
    const row = await findUsableTemplate(this.d.db, b.template_id, b.user_id)
    const t = row && templateOf(row.definition)
    // Only names the download: a batch whose template (or size) is gone since is named after its stored size id.
    const size = t?.sizes.find((s) => s.id === b.size_id) ?? { id: b.size_id }
    const name = t?.name[b.locale === 'zh-CN' ? 'zh-CN' : 'en'] ?? 'batch'
    return { key: batchPdfKey(b.id), name: downloadName(name, [sizeTag(size), 'batch', String(b.id)], 'pdf') }
  }

  /** Cancels the rows that have not started, refunding them; the running ones finish. */
  async cancel(userId: number, id: number, livemode?: boolean): Promise<BatchRow> {
    const batch = await findOwnBatch(this.d.db, id, userId, livemode)
    if (!batch) throw notFound('Batch')
    if (batch.status === 'running') await this.d.renders.cancel({ batchId: id })
    return (await findOwnBatch(this.d.db, id, userId, livemode)) ?? batch
  }

  /**
   * Counts settled rows of batches, in their settling transaction: one update per batch, however many of its
   * rows settled together. The last one finishes the batch.
   */
  private async countRows(trx: Kysely<Database>, rows: RenderRow[]): Promise<void> {
    const byBatch = new Map<number, { completed: number; failed: number; canceled: number }>()
    for (const row of rows) {
      if (row.batch_id === null || !isSettled(row)) continue
      const n = byBatch.get(row.batch_id) ?? { completed: 0, failed: 0, canceled: 0 }
      n[row.status as 'completed' | 'failed' | 'canceled'] += 1
      byBatch.set(row.batch_id, n)
    }
    // In the order of their ids, as every settling transaction takes them: two cannot wait for each other.
    for (const [batchId, n] of [...byBatch].sort(([a], [b]) => a - b))
      await this.finishIfDone(trx, await countSettledRows(trx, batchId, n))
  }

  private async finishIfDone(trx: Kysely<Database>, b: BatchRow): Promise<void> {
    if (!allSettled(b)) return
    // Its PDF is written by the job first; the batch finishes there.
    if (asksForPdf(b) && b.completed_rows > 0) {
      await this.d.queue.send('batch-finish', [{ batchId: b.id }], { trx })
      return
    }
    if (await finishBatch(trx, b.id, finalStatus(b), this.d.now()))
      await this.d.queue.send('batch-finish', [{ batchId: b.id }], { trx })
  }

  /**
   * Writes the PDF of every completed row, in row order. A failure is logged and the batch finishes without it
   * (its rows' own files are all there): a batch never stays running for its PDF.
   */
  private async writePdf(b: BatchRow): Promise<number> {
    try {
      const rows = await completedRowValuesOf(this.d.db, b.id)
      const first = rows[0]
      if (!first) return 0
      const pdf = await this.d.creations.documentOf(b.user_id, {
        templateId: b.template_id,
        templateVersion: Number(first.template_version),
        sizeId: b.size_id,
        locale: b.locale === 'zh-CN' ? 'zh-CN' : 'en',
        rows: rows.map((r) => JSON.parse(r.field_values) as Record<string, string>),
        rowLanguages: rows.map((r) => storedLanguages(r.value_languages)),
        pdf: pdfOptionsOf(b.pdf_options),
        watermark: b.livemode === 0,
      })
      await this.d.storage.put(batchPdfKey(b.id), pdf, 'application/pdf')
      return rows.length
    } catch (err) {
      this.d.log.error('batch PDF failed; the batch finishes without it', {
        batchId: b.id,
        ...errorFields(err),
      })
      return 0
    }
  }

  /**
   * Queues again the finishing of batches whose rows have all settled but which are still running: a batch with
   * PDF whose job the in-process queue lost with a stopped process.
   */
  async requeueFinishing(): Promise<number> {
    const ids = await settledRunningBatchIds(this.d.db)
    await this.d.queue.send(
      'batch-finish',
      ids.map((batchId) => ({ batchId })),
    )
    return ids.length
  }

  /**
   * The job after a batch's last row settled: a batch that asked for PDF gets its PDF and finishes; then its one
   * notification (and webhooks), raised once. Any number of deliveries do it once.
   */
  async finished(batchId: number): Promise<void> {
    const before = await findBatch(this.d.db, batchId)
    if (!before) return
    const finishing = before.status === 'running' && allSettled(before)
    const pages =
      finishing && asksForPdf(before) && before.completed_rows > 0 ? await this.writePdf(before) : 0
    const now = this.d.now()
    await this.d.db.transaction().execute(async (trx) => {
      if (finishing && (await finishBatch(trx, batchId, finalStatus(before), now)))
        await setBatchPdfPages(trx, batchId, pages)
      const b = await findBatch(trx, batchId)
      if (!b || b.status === 'running') return
      if (!(await claimBatchNotice(trx, batchId, now))) return
      // A test-mode batch is told to its webhooks only: the app does not list it.
      const to =
        b.livemode === 1 ? await workRecipient(trx, b.user_id, await batchStarter(trx, b)) : undefined
      if (to)
        await insertNotifications(trx, [
          notificationRow(
            to.userId,
            {
              type: 'batch_completed',
              params: {
                batchId: b.id,
                total: b.total_rows,
                completed: b.completed_rows,
                failed: b.failed_rows,
                canceled: b.canceled_rows,
                ...inTeam(to),
              },
            },
            now,
          ),
        ])
      for (const hook of this.finishedHooks) await hook(trx, b)
    })
  }
}
