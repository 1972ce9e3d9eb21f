import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { Code, type IssuesData } from '@templet/api/contract'
import type { Context } from 'hono'
import { AppError } from '../../errors'
import type { V1Env } from '../../v1/env'
import type { idempotency } from '../../v1/idempotency'
import { requireScope } from '../../v1/middleware'
import { idempotencyHeader, ok, problems, SECURITY } from '../../v1/openapi-parts'
import { Problem } from '../../v1/problem'
import {
  Batch,
  BatchCreate,
  BatchList,
  batchCsvQuery,
  batchRowsQuery,
  cursorOf,
  idParam,
  pageQuery,
  pdfOptionsFrom,
  RenderList,
} from '../../v1/schemas'
import { batchView } from '../../v1/views'
import type { Creations } from '../creations/creations'
import { pdfOptionsOf } from '../creations/pdf-options'
import type { RenderFormat, Renders } from '../developer/renders'
import { renderViews } from '../developer/renders.v1'
import { hasUrlValues, uploadImageUrls } from '../uploads/image-urls'
import type { Uploads } from '../uploads/uploads'
import { keyedByColumnName, readCsv, rowsOf } from './batch-csv'
import type { Batches, BatchRequest } from './batches'

const createRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'createBatch',
    method: 'post',
    path: '/batches',
    tags: ['batches'],
    summary: 'Render one template once per row: JSON rows, or a CSV with one column per field',
    description: [
      'Every row’s credit is reserved at once (**402** when the balance cannot cover them all; nothing with a test',
      'key, whose rows are watermarked). Rows the template',
      'refuses are reported in `errors` with their row numbers and refunded at once; the others render as jobs.',
      'A CSV (`Content-Type: text/csv`, UTF-8) has a header of field keys (and optionally `name`, and `<key>.lang`',
      'for the language of a text field’s value, as `value_languages` gives it; a malformed tag fails its row) and',
      'takes `template_id`, `size_id`, `formats`, `pdf_options` and `locale` in the query; an empty cell leaves the',
      'field at its default. With `pdf` among the formats (print sizes), the finished batch also has one PDF with a page per',
      'completed row (`pdf_url`), a class’s certificates in one file; the batch turns `completed` once it is written.',
      'Follow the batch with `GET /v1/batches/{id}`, or the `batch.completed` webhook.',
    ].join(' '),
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: {
      headers: idempotencyHeader,
      query: batchCsvQuery,
      body: {
        required: false,
        content: {
          'application/json': { schema: BatchCreate },
          'text/csv': {
            schema: z.string().openapi({ example: 'title,name\nAda,Ada’s card\nGrace,\n' }),
          },
        },
      },
    },
    responses: {
      202: ok(Batch, 'Accepted: the rows are queued', {
        Location: { description: 'The batch', schema: { type: 'string' } },
      }),
      ...problems(400, 402, 403, 404, 409, 413, 415),
    },
  })

const get = createRoute({
  operationId: 'getBatch',
  method: 'get',
  path: '/batches/{id}',
  tags: ['batches'],
  summary:
    'A batch: its progress, the rows that failed and why, and the ZIP (and PDF) of results once finished',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: { 200: ok(Batch, 'The batch'), ...problems(400, 403, 404) },
})

const list = createRoute({
  operationId: 'listBatches',
  method: 'get',
  path: '/batches',
  tags: ['batches'],
  summary: 'Your batches, newest first',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { query: pageQuery },
  responses: { 200: ok(BatchList, 'One page of batches'), ...problems(400, 403) },
})

const rows = createRoute({
  operationId: 'listBatchRows',
  method: 'get',
  path: '/batches/{id}/rows',
  tags: ['batches'],
  summary: 'A batch’s rows in row order, each a render with its status, files and error',
  description:
    'Every row of the batch, the refused ones included (`failed`, with the issues of their values). Ask for `status=failed` to see only what went wrong: 1,000 rows are ten requests of 100, not a thousand.',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam, query: batchRowsQuery },
  responses: { 200: ok(RenderList, 'One page of the batch’s rows'), ...problems(400, 403, 404) },
})

const cancelRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'cancelBatch',
    method: 'post',
    path: '/batches/{id}/cancel',
    tags: ['batches'],
    summary: 'Cancel the rows that have not started (refunded); rows already rendering finish',
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: { params: idParam, headers: idempotencyHeader },
    responses: { 200: ok(Batch, 'The batch'), ...problems(400, 403, 404, 409) },
  })

/**
 * A CSV body as rows of values: the header names the fields by column name or key (and `name`, and
 * `<column>.lang` for a text value's language), turned into keys with the template (`keyedByColumnName`);
 * empty cells are left out.
 */
function rowsOfCsv(text: string): Pick<BatchRequest, 'rows' | 'columns'> {
  const csv = readCsv(text, 'body')
  const columns = csv.headers.map((h) => h || null)
  return { rows: rowsOf(csv, columns), columns: columns.filter((h) => h !== null) }
}

export function batchRoutes(
  app: OpenAPIHono<V1Env>,
  d: {
    batches: Batches
    renders: Renders
    creations: Creations
    uploads: Uploads
    idempotency: ReturnType<typeof idempotency>
  },
) {
  const view = async (c: Context<V1Env>, id: number) => {
    const { userId, livemode } = c.get('caller')
    const found = await d.batches.get(userId, id, livemode)
    if (!found) throw new Problem('not_found', 'Batch not found')
    const { batch, ...errors } = found
    return batchView(batch, errors, d.batches.results(batch), new URL(c.req.url).origin)
  }

  app.openapi(list, async (c) => {
    const { userId, livemode } = c.get('caller')
    const page = await d.batches.page(userId, livemode, cursorOf(c.req.valid('query')))
    const origin = new URL(c.req.url).origin
    return c.json(
      {
        object: 'list' as const,
        data: page.items.map(({ batch, ...errors }) =>
          batchView(batch, errors, d.batches.results(batch), origin),
        ),
        has_more: page.hasMore,
      },
      200,
    )
  })

  app.openapi(rows, async (c) => {
    const q = c.req.valid('query')
    const { userId, livemode } = c.get('caller')
    const page = await d.batches.rows(userId, c.req.valid('param').id, livemode, q.status, cursorOf(q))
    if (!page) throw new Problem('not_found', 'Batch not found')
    const data = await renderViews(d, page.items, new URL(c.req.url).origin)
    return c.json({ object: 'list' as const, data, has_more: page.hasMore }, 200)
  })

  app.openapi(createRouteOf(d.idempotency), async (c) => {
    const caller = c.get('caller')
    const csv = /^text\/csv\b/i.test(c.req.header('content-type') ?? '')
    let request: BatchRequest
    if (csv) {
      const q = c.req.valid('query')
      if (q.template_id === undefined)
        throw new AppError(Code.invalidInput, 'template_id: Name the template in the query with a CSV body', {
          issues: [{ path: ['template_id'], code: 'required', params: {} }],
        } satisfies IssuesData)
      request = {
        templateId: q.template_id,
        sizeId: q.size_id,
        formats: (q.formats?.split(',') ?? ['png']) as RenderFormat[],
        pdfOptions: q.pdf_options === undefined ? undefined : pdfOptionsOf(q.pdf_options),
        locale: q.locale,
        ...rowsOfCsv(await c.req.text()),
      }
    } else {
      const body = c.req.valid('json') as z.infer<typeof BatchCreate> | Record<string, never>
      if (!('template_id' in body))
        throw new AppError(Code.invalidInput, 'body: Send JSON rows or a text/csv body', {
          issues: [{ path: ['template_id'], code: 'required', params: {} }],
        } satisfies IssuesData)
      request = {
        templateId: body.template_id,
        sizeId: body.size_id,
        formats: body.formats ?? ['png'],
        pdfOptions: pdfOptionsFrom(body.pdf_options),
        locale: body.locale,
        rows: body.rows.map((row) => ({
          values: row.values,
          name: row.name,
          valueLanguages: row.value_languages,
        })),
      }
    }
    // Rows may name fields by column name or by key; from here on they name keys.
    const { template } = await d.creations.resolve(caller.userId, request.templateId)
    request = keyedByColumnName(request, template.fields, { choiceLabels: csv })
    const values = request.rows.map((row) => row.values)
    if (hasUrlValues(values)) {
      const uploaded = await uploadImageUrls(
        d.uploads,
        caller.userId,
        template.fields,
        values,
        (row, key) => ['rows', row, 'values', key],
      )
      request.rows = request.rows.map((row, i) => ({ ...row, values: uploaded[i] ?? row.values }))
    }
    const batch = await d.batches.create(
      { userId: caller.userId, keyId: caller.keyId, livemode: caller.livemode },
      request,
    )
    return c.json(await view(c, batch.id), 202, { Location: `/v1/batches/${batch.id}` })
  })

  app.openapi(get, async (c) => c.json(await view(c, c.req.valid('param').id), 200))

  app.openapi(cancelRouteOf(d.idempotency), async (c) => {
    const id = c.req.valid('param').id
    const { userId, livemode } = c.get('caller')
    const found = await d.batches.get(userId, id, livemode)
    if (!found) throw new Problem('not_found', 'Batch not found')
    await d.batches.cancel(userId, id, livemode)
    return c.json(await view(c, id), 200)
  })
}
