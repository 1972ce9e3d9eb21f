import type { z } from '@hono/zod-openapi'
import { Code } from '@templet/api/contract'
import { defaultSize, type FieldView, fieldKinds } from '@templet/template'
import type { BatchRow, CreationRow, RenderRow, TemplateRow } from '../db/schema'
import type { RowErrors } from '../features/batches/batches'
import type { Creations } from '../features/creations/creations'
import { storedLanguages } from '../features/creations/library'
import { pdfOptionsOf } from '../features/creations/pdf-options'
import type { RenderError as StoredError } from '../features/developer/renders'
import { ownThumbnailUrl, type ResolvedTemplate, templateDetailOf } from '../features/templates/templates'
import type { FileUrls } from '../services/file-urls'
import { Problem, problemOf } from './problem'
import type { Batch, formats, PdfOptions as PdfOptionsSchema, Render, RenderError, Template } from './schemas'
import { TemplateField } from './schemas'

/** `/api/file/…` and other server paths as absolute URLs on the host the request was sent to. */
export const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url)

/** A template as `/v1` shows it: its current version, or `drawn`, the version a render of the caller's draws. */
export function templateView(
  row: TemplateRow,
  origin: string,
  urls: FileUrls,
  drawn?: Pick<ResolvedTemplate, 'template' | 'version'>,
): z.infer<typeof Template> {
  const t = drawn ? templateDetailOf(row, drawn.template, drawn.version) : templateDetailOf(row)
  // The row's width and height are its current version's; an approved one drawn instead has its own.
  const size = drawn ? defaultSize(drawn.template) : t
  // A customer's own template's thumbnail is theirs: a signed URL, as the app's own lists give.
  const thumbnail = row.owner_id === null ? t.thumbnailUrl : ownThumbnailUrl(urls, row, 'en')
  return {
    object: 'template',
    id: t.id,
    slug: t.slug,
    type_id: t.typeId,
    name: t.name,
    names: t.names,
    version: t.version,
    width: size.width,
    height: size.height,
    thumbnail_url: absolute(origin, thumbnail),
    sizes: t.sizes.map((s) => ({
      id: s.id,
      width: s.width,
      height: s.height,
      label: s.label,
      ...(s.print && { print: s.print }),
      formats: s.formats,
    })),
    fields: t.fields.map(fieldView),
  }
}

/** A property's `/v1` name from its `/api` one (`maxLength`: `max_length`). */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * A field as `/v1` shows it, made from the model's projection that `/api` shows as it is: its properties in
 * snake case with whether a value must be sent, only those of the OpenAPI schema and in the schema's order.
 */
function fieldView(f: FieldView): z.infer<typeof TemplateField> {
  const named = new Map(
    Object.entries({ ...f, required: fieldKinds.required(f) }).map(([name, value]) => [
      snakeCase(name),
      value,
    ]),
  )
  return Object.fromEntries(
    Object.keys(TemplateField.shape).flatMap((name) => {
      const value = named.get(name)
      return value === undefined ? [] : [[name, value]]
    }),
  ) as z.infer<typeof TemplateField>
}

/** A failed render's reason as a problem (a failure on our side is `render_failed`). */
export function errorView(e: StoredError): z.infer<typeof RenderError> {
  const problem =
    e.code === Code.internal
      ? new Problem('render_failed', e.message)
      : problemOf({
          code: e.code as Code,
          message: e.message,
          data: { issues: e.issues, omitted: e.omitted },
          name: e.name ?? 'AppError',
        })
  return problem.body()
}

type Format = (typeof formats)[number]

export function renderView(
  row: RenderRow,
  creation: CreationRow | undefined,
  creations: Creations,
  origin: string,
): z.infer<typeof Render> {
  const asked = row.formats.split(',') as Format[]
  const made = creation ? creations.view(creation) : undefined
  // With bleed or crop marks asked for, the render's PDF is the creation's print shops' one, made as asked.
  const pdf = row.pdf_options ? made?.files.pdfPrint : made?.files.pdf
  const files = made
    ? {
        ...Object.fromEntries(
          asked.flatMap((f) => {
            const url = f === 'pdf' ? pdf : made.files[f]
            return url ? [[f, absolute(origin, url)]] : []
          }),
        ),
        ...(made.files.pages && {
          pages: made.files.pages.map((page) =>
            Object.fromEntries(
              asked.flatMap((f) => (f !== 'pdf' && page[f] ? [[f, absolute(origin, page[f])]] : [])),
            ),
          ),
        }),
      }
    : null
  return {
    object: 'render',
    id: row.id,
    livemode: row.livemode === 1,
    status: row.status,
    template_id: row.template_id,
    template_version: Number(row.template_version) || 1,
    size_id: row.size_id,
    formats: asked,
    ...(row.pdf_options && { pdf_options: pdfOptionsView(row.pdf_options) }),
    name: row.name,
    values: JSON.parse(row.field_values) as Record<string, string>,
    value_languages: storedLanguages(row.value_languages),
    files,
    thumbnail_url: made ? absolute(origin, made.thumbnailUrl) : null,
    width: made?.width ?? null,
    height: made?.height ?? null,
    credits_spent: row.credits_spent,
    error: row.error ? errorView(JSON.parse(row.error) as StoredError) : null,
    batch_id: row.batch_id,
    row: row.row_number,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
  }
}

const pdfOptionsView = (text: string): z.infer<typeof PdfOptionsSchema> => {
  const o = pdfOptionsOf(text)
  return { bleed: o.bleed, crop_marks: o.cropMarks }
}

export function batchView(
  b: BatchRow,
  { errors, omitted }: RowErrors,
  results: { archive: string | null; pdf: string | null },
  origin: string,
): z.infer<typeof Batch> {
  return {
    object: 'batch',
    id: b.id,
    livemode: b.livemode === 1,
    status: b.status,
    template_id: b.template_id,
    size_id: b.size_id,
    formats: b.formats.split(',') as Format[],
    ...(b.pdf_options && { pdf_options: pdfOptionsView(b.pdf_options) }),
    total_rows: b.total_rows,
    completed_rows: b.completed_rows,
    failed_rows: b.failed_rows,
    canceled_rows: b.canceled_rows,
    credits_reserved: b.credits_reserved,
    credits_refunded: b.livemode === 1 ? b.failed_rows + b.canceled_rows : 0,
    errors: errors.map((e) => {
      const { type, detail, issues, omitted } = errorView(e.error)
      return { row: e.row, type, detail, ...(issues && { issues }), ...(omitted && { omitted }) }
    }),
    ...(omitted > 0 && { errors_omitted: omitted }),
    archive_url: results.archive ? absolute(origin, results.archive) : null,
    pdf_url: results.pdf ? absolute(origin, results.pdf) : null,
    created_at: new Date(b.created_at).toISOString(),
    completed_at: b.completed_at === null ? null : new Date(b.completed_at).toISOString(),
  }
}
