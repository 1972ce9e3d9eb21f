import {
  type Batch,
  type BatchCsvBody,
  type BatchDetail,
  type BatchRowError,
  type BatchValidation,
  type IssuesData,
  MAX_ISSUES,
} from '@templet/api/contract'
import type { Locale, Template } from '@templet/template'
import type { Kysely } from 'kysely'
import type { BatchRow, Database } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import { ledgerBalance } from '../billing/ledger.queries'
import { uploadNotFound } from '../creations/prepare'
import { type RenderError, renderErrorOf } from '../developer/renders'
import type { Templates } from '../templates/templates'
import { uploadImageUrls } from '../uploads/image-urls'
import type { Uploads } from '../uploads/uploads'
import { columnTargets, readCsv, rowsOf, templateCsv } from './batch-csv'
import type { Batches, BatchRequest, RowCheck } from './batches'
import { templateNames } from './batches.queries'
import { imageCells } from './image-cells'

/** Rows of the CSV the validation answer shows as a preview. */
const PREVIEW_ROWS = 100

type CsvInput = Omit<BatchCsvBody, 'locale'> & { locale?: Locale | undefined }

const rowError = (row: number, e: RenderError): BatchRowError => ({
  row,
  code: e.code,
  message: e.message,
  ...(e.issues && { issues: e.issues }),
  ...(e.omitted && { omitted: e.omitted }),
})

const sameError = (a: RenderError, b: RenderError) => a.code === b.code && a.message === b.message

/**
 * A refused image URL (at `rows.<n>.values.<key>`) said as the customer reads the CSV: its row and the column's
 * header. Any other error as it is.
 */
function namingColumn(err: unknown, columns: { header: string; target: string | null }[]): unknown {
  const issue = err instanceof AppError ? (err.data as Partial<IssuesData> | null)?.issues?.[0] : undefined
  const [at, row, , key] = issue?.path ?? []
  if (!(err instanceof AppError) || at !== 'rows' || typeof row !== 'number') return err
  const header = columns.find((c) => c.target === key)?.header ?? String(key)
  const detail = err.message.replace(/^[^:]*: /, '')
  return new AppError(err.code, `Row ${row}, column "${header}": ${detail}`, err.data)
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * Bulk create in the app (`/api/batch/*`): the CSV a customer fills, read and checked before anything is spent,
 * then started as a batch of the same `Batches` the developer API's `/v1/batches` uses.
 */
export class BulkCreate {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      batches: Batches
      uploads: Uploads
      urls: FileUrls
      templates: Templates
    },
  ) {}

  /** The template as the batch would draw it: in a team that creates only from approved versions, the approved one. */
  private async template(userId: number, templateId: number): Promise<Template> {
    return (await this.d.templates.resolve(userId, templateId, undefined, 'fill')).template
  }

  async csvTemplate(userId: number, templateId: number, locale: Locale) {
    const template = await this.template(userId, templateId)
    const base = template.name[locale].replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'template'
    return { fileName: `${base}.csv`, csv: templateCsv(template, locale) }
  }

  /** The CSV as a batch request, and what each column feeds. */
  private async request(userId: number, b: CsvInput) {
    const template = await this.template(userId, b.templateId)
    const csv = readCsv(b.csv)
    const targets = columnTargets(csv.headers, template, b.mapping)
    const request: BatchRequest = {
      templateId: b.templateId,
      sizeId: b.sizeId,
      formats: ['png'],
      locale: b.locale,
      rows: rowsOf(csv, targets, template.fields),
    }
    const columns = csv.headers.map((header, i) => ({ header, target: targets[i] ?? null }))
    return { request, columns, fields: template.fields }
  }

  /** The request with its image cells resolved (docs/adr/0189), and which cells hold image URLs to fetch. */
  private async withImages(userId: number, request: BatchRequest, fields: Template['fields']) {
    const { rows, urlKeys } = await imageCells(this.d, userId, fields, request.rows)
    return { request: { ...request, rows }, urlKeys }
  }

  async validate(userId: number, b: CsvInput): Promise<BatchValidation> {
    const { request, columns, fields } = await this.request(userId, b)
    const { request: resolved, urlKeys } = await this.withImages(userId, request, fields)
    const { checked } = await this.d.batches.check(userId, resolved)
    // A row's image URL is fetched only by `create`: until then it is an upload its check cannot find.
    const awaitsItsImage = (c: RowCheck, i: number) =>
      !c.ok && urlKeys[i]?.some((key) => sameError(c.error, renderErrorOf(uploadNotFound(key))))
    const refused = checked.flatMap((c: RowCheck, i) =>
      c.ok || awaitsItsImage(c, i) ? [] : [{ row: i + 1, error: c.error }],
    )
    // The previewed rows' errors mark them in the preview; of the rows after, the first few are listed.
    const previewed = refused.filter((r) => r.row <= PREVIEW_ROWS)
    const listed = [...previewed, ...refused.slice(previewed.length, previewed.length + MAX_ISSUES)]
    return {
      columns,
      totalRows: request.rows.length,
      rows: request.rows.slice(0, PREVIEW_ROWS).map((r, i) => ({
        row: i + 1,
        name: r.name ?? null,
        values: r.values,
        valueLanguages: r.valueLanguages ?? {},
      })),
      errors: listed.map((r) => rowError(r.row, r.error)),
      ...(refused.length > listed.length && { errorsOmitted: refused.length - listed.length }),
      refusedRows: refused.length,
      cost: request.rows.length - refused.length,
      balance: await ledgerBalance(this.d.db, userId),
    }
  }

  /**
   * Starts the batch, each distinct image URL fetched once before (stored as the caller's uploads): a URL that
   * gives no image refuses the whole request, naming its row and column, before any credit is spent.
   */
  async create(userId: number, b: CsvInput, startedBy?: number): Promise<BatchDetail> {
    const { request: read, columns, fields } = await this.request(userId, b)
    const { request, urlKeys } = await this.withImages(userId, read, fields)
    const rows = await this.fetchImageUrls(userId, request.rows, urlKeys, { fields, columns })
    const batch = await this.d.batches.create({ userId, keyId: null, startedBy }, { ...request, rows })
    return this.detail(userId, batch.id)
  }

  /** The rows with each image URL replaced by the id of the upload it was stored as. */
  private async fetchImageUrls(
    userId: number,
    rows: BatchRequest['rows'],
    urlKeys: string[][],
    csv: { fields: Template['fields']; columns: { header: string; target: string | null }[] },
  ): Promise<BatchRequest['rows']> {
    const pending = rows.flatMap((row, i) => (urlKeys[i]?.length ? [{ row, number: i + 1 }] : []))
    if (pending.length === 0) return rows
    const values = await uploadImageUrls(
      this.d.uploads,
      userId,
      csv.fields,
      pending.map((p) => p.row.values),
      (n, key) => ['rows', pending[n]?.number ?? 0, 'values', key],
    ).catch((err: unknown) => {
      throw namingColumn(err, csv.columns)
    })
    const fetched = new Map(pending.map((p, n) => [p.row, values[n] ?? p.row.values]))
    return rows.map((row) => {
      const withIds = fetched.get(row)
      return withIds ? { ...row, values: withIds } : row
    })
  }

  async detail(userId: number, id: number): Promise<BatchDetail> {
    const found = await this.d.batches.get(userId, id)
    if (!found) throw notFound('Batch')
    const names = await templateNames(this.d.db, found.batch.template_id)
    return {
      ...this.view({
        ...found.batch,
        template_name: names?.template_name ?? '',
        template_name_zh: names?.template_name_zh ?? '',
      }),
      errors: found.errors.map((e) => rowError(e.row, e.error)),
      ...(found.omitted > 0 && { errorsOmitted: found.omitted }),
    }
  }

  async list(userId: number, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.d.batches.list(userId, page)
    return { items: rows.map((b) => this.view(b)), total }
  }

  async cancel(userId: number, id: number): Promise<BatchDetail> {
    await this.d.batches.cancel(userId, id)
    return this.detail(userId, id)
  }

  private view(b: BatchRow & { template_name: string; template_name_zh: string }): Batch {
    return {
      id: b.id,
      templateId: b.template_id,
      templateName: { en: b.template_name, 'zh-CN': b.template_name_zh || b.template_name },
      sizeId: b.size_id,
      status: b.status,
      totalRows: b.total_rows,
      completedRows: b.completed_rows,
      failedRows: b.failed_rows,
      canceledRows: b.canceled_rows,
      creditsSpent: b.total_rows - b.failed_rows - b.canceled_rows,
      createdAt: new Date(b.created_at).toISOString(),
      completedAt: iso(b.completed_at),
      archiveUrl:
        b.status !== 'running' && b.completed_rows > 0
          ? this.d.urls.url({ kind: 'batch', id: b.id, variant: 'zip' })
          : null,
    }
  }
}
