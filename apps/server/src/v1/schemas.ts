import { z } from '@hono/zod-openapi'
import { creationName, isLanguageTag, issueCodes, MAX_ISSUES } from '@templet/api/contract'
import type { IdCursor } from '../db/id-pages'
import { PROBLEM_BASE, problemTypes } from './problem'

// The public API's payloads (docs/product.md#the-developer-api): snake_case fields, each a named component of the OpenAPI document.

const id = (what: string) =>
  z
    .number()
    .int()
    .positive()
    .openapi({ description: `The ${what}'s id`, example: 42 })

/** Stripe's name for it: whether a live key made the object, or a test key (`tk_test_…`). */
export const livemode = (what: string) =>
  z.boolean().openapi({
    description: `False for a ${what} made with a test key: watermarked, free, and seen only by test keys`,
    example: true,
  })

/** A numeric id in a path (`/v1/renders/42`). */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'Must be a positive whole number' })
    .transform(Number)
    .openapi({ param: { name: 'id', in: 'path' }, example: 42, type: 'integer', minimum: 1 }),
})

/**
 * The creation's name, checked by the app's own rule (`creationName`) and described here for the document:
 * at most 100 characters, no control or text-direction characters.
 */
const CreationName = z
  .string()
  .transform((name, ctx) => {
    const parsed = creationName.safeParse(name)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue)
    return z.NEVER
  })
  .openapi({
    type: 'string',
    maxLength: 100,
    description: 'At most 100 characters, without control or text-direction characters',
  })

export const FieldIssue = z
  .object({
    path: z.array(z.union([z.string(), z.number()])).openapi({ example: ['values', 'title'] }),
    code: z.enum(issueCodes),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  })
  .openapi('FieldIssue', {
    description:
      "One problem with one field, by key: the same `issues` the app answers (`path` into the body or query, `code`, `params`). A choice's value that is none of its options is `invalid_value` with `params.options`, the values it takes, comma-separated.",
  })

/** Beside `issues`, which lists the first of them: how many more there were. */
const OmittedIssues = z
  .number()
  .int()
  .positive()
  .optional()
  .openapi({ description: `How many more issues there were than \`issues\` lists (at most ${MAX_ISSUES})` })

export const ProblemDetails = z
  .object({
    type: z.string().openapi({
      description: `What kind of problem: \`${PROBLEM_BASE}\` and one of ${Object.keys(problemTypes)
        .map((s) => `\`${s}\``)
        .join(', ')}`,
      example: `${PROBLEM_BASE}invalid_request`,
    }),
    title: z.string().openapi({ example: problemTypes.invalid_request.title }),
    status: z.number().int().openapi({ example: 400 }),
    detail: z.string().openapi({ example: 'values.title: Must be at most 80 characters' }),
    issues: z.array(FieldIssue).optional(),
    omitted: OmittedIssues,
  })
  .openapi('Problem', { description: 'An RFC 9457 problem (`application/problem+json`).' })

const localized = z.object({ en: z.string(), 'zh-CN': z.string() }).openapi('LocalizedText')

export const formats = ['png', 'jpeg', 'webp', 'pdf'] as const

export const TemplateSize = z
  .object({
    id: z.string(),
    width: z.number().int().openapi({ description: 'The layout’s pixels' }),
    height: z.number().int(),
    label: z.string(),
    print: z
      .object({ width: z.number(), height: z.number(), unit: z.enum(['mm', 'in']) })
      .optional()
      .openapi({
        description:
          'The sheet a print size is printed on: its PNG, JPEG and WebP are the sheet at 300 dpi (A4: 2480 × 3508), and it also renders as a PDF',
        example: { width: 210, height: 297, unit: 'mm' },
      }),
    formats: z.array(z.enum(formats)).openapi({
      description:
        'What a render of this size can be asked for: `pdf` too for a print size, and in every size of a template of several pages',
      example: ['png', 'jpeg', 'webp', 'pdf'],
    }),
  })
  .openapi('TemplateSize', {
    example: { id: 'square', width: 1080, height: 1080, label: 'Square', formats: ['png', 'jpeg', 'webp'] },
  })

export const TemplateField = z
  .object({
    key: z.string().openapi({ example: 'title' }),
    column: z.string().openapi({
      description:
        'Its column name: what a batch CSV’s header and `values` may call it instead of `key` (unique in the template)',
      example: 'headline',
    }),
    kind: z.enum(['text', 'image', 'color', 'choice']),
    label: z.string(),
    labels: localized,
    required: z.boolean(),
    min_length: z.number().int().optional(),
    max_length: z.number().int().optional(),
    multiline: z.boolean().optional(),
    default: z.string().optional().openapi({ description: 'Colour or choice default' }),
    defaults: localized.optional().openapi({ description: 'Text default per language' }),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), labels: localized }))
      .optional()
      .openapi({
        description:
          "A choice's options: the `value` to send and its label (a text the template may draw, in each language)",
      }),
  })
  .openapi('TemplateField', {
    description:
      'A value the template takes. `values` of a render maps `key` (or `column`) to a string: text, `#rrggbb` for a colour, an option `value` for a choice, the id of one of your uploads (`POST /v1/uploads`) or a public https:// URL of the image (fetched once when the request is accepted) for an image.',
  })

export const Template = z
  .object({
    object: z.literal('template'),
    id: id('template'),
    slug: z.string().openapi({ example: 'bold-quote' }),
    type_id: z.number().int(),
    name: z.string(),
    names: localized,
    version: z.number().int().positive().openapi({
      description:
        'Every save makes the next version. `GET /templates/{id}` describes the version a render would draw: where the template’s team creates only from approved versions, its latest approved one, else its current one. The list (`GET /templates`) names the current version.',
      example: 2,
    }),
    width: z.number().int(),
    height: z.number().int(),
    thumbnail_url: z.url(),
    sizes: z.array(TemplateSize),
    fields: z.array(TemplateField),
  })
  .openapi('Template')

export const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean().openapi({
        description:
          'More items lie beyond this page in the direction asked: after it (ask again with `starting_after`), or before it with `ending_before`',
      }),
    })
    .openapi(name)

export const TemplateList = listOf(Template, 'TemplateList')

const cursorId = (description: string, example: number) =>
  z.coerce
    .number({ error: 'Must be an id' })
    .int({ error: 'Must be an id' })
    .positive({ error: 'Must be an id' })
    .optional()
    .openapi({ description, example, type: 'integer', minimum: 1 })

/** A list's paging: `limit`, and `starting_after` (the next page) or `ending_before` (the previous one). */
const pageFields = {
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(1, { error: 'Must be between 1 and 100' })
    .max(100, { error: 'Must be between 1 and 100' })
    .default(10)
    .openapi({ description: 'Items per page', example: 10, type: 'integer', minimum: 1, maximum: 100 }),
  starting_after: cursorId('The last id of the page you have: answers the page after it', 40),
  ending_before: cursorId('The first id of the page you have: answers the page before it', 51),
}

const onePageCursor = <T extends z.ZodObject>(query: T) =>
  query.refine((q) => q.starting_after === undefined || q.ending_before === undefined, {
    error: 'Send starting_after or ending_before, not both',
    path: ['ending_before'],
  })

export const pageQuery = onePageCursor(z.strictObject(pageFields))

/** A page query as the lists' cursor. */
export const cursorOf = (q: z.infer<typeof pageQuery>): IdCursor => ({
  limit: q.limit,
  startingAfter: q.starting_after,
  endingBefore: q.ending_before,
})

export const batchRowsQuery = onePageCursor(
  z.strictObject({
    ...pageFields,
    status: z
      .enum(['queued', 'running', 'completed', 'failed', 'canceled'], {
        error: 'Must be queued, running, completed, failed or canceled',
      })
      .optional()
      .openapi({ description: 'Only the rows in this state', example: 'failed' }),
  }),
)

export const PdfOptions = z
  .strictObject({
    bleed: z.boolean({ error: 'Must be true or false' }).optional().openapi({
      description:
        'A 3 mm bleed on each side: the media box grows by 3 mm a side, the trim box stays the sheet, and backgrounds that reach an edge run into the bleed',
    }),
    crop_marks: z.boolean({ error: 'Must be true or false' }).optional().openapi({
      description: 'Hairline crop marks at the corners, outside the sheet (the page grows to hold them)',
    }),
  })
  .openapi('PdfOptions', {
    description: 'What a print shop asks of the PDF. Without them the page is the sheet, trimmed.',
    example: { bleed: true, crop_marks: true },
  })

export const ValueLanguages = z
  .record(
    z.string(),
    z.stringFormat('language_tag', isLanguageTag, {
      error: 'Must be a language tag such as ja, zh-TW, zh-CN or ko',
    }),
    { error: 'Must be an object of text field keys to language tags' },
  )
  .openapi('ValueLanguages', {
    description:
      'Text field key to the language its value is written in (BCP 47). The value’s Han characters are drawn in that language’s forms: `ja` Japanese, `zh-TW`, `zh-HK` or `zh-Hant` traditional, `zh-CN` or `zh-Hans` mainland, `ko` Korean (直, 骨 and 海 differ). A field left out keeps the template’s language, else what its text shows. Tags are answered in their canonical case.',
    example: { title: 'ja' },
  })

/** The request's PDF options as the services take them (camelCase), or undefined. */
export const pdfOptionsFrom = (o: z.infer<typeof PdfOptions> | undefined) =>
  o && { bleed: o.bleed ?? false, cropMarks: o.crop_marks ?? false }

export const RenderCreate = z
  .strictObject({
    template_id: z.number({ error: 'Must be a template id' }).int().positive().openapi({ example: 3 }),
    template_version: z.number({ error: 'Must be a version number' }).int().positive().optional().openapi({
      description:
        'The template’s version to render (every save makes the next one); default its current one, or, where the template’s team creates only from approved versions, its latest approved one (a version asked for must then be approved)',
      example: 2,
    }),
    size_id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: 'One of the template’s sizes; default its first' }),
    values: z
      .record(z.string(), z.string({ error: 'Each value must be a string' }))
      .optional()
      .openapi({
        description: 'Field key to value (see the template’s `fields`); a field left out takes its default',
        example: { title: 'Autumn sale', accent: '#e4572e' },
      }),
    value_languages: ValueLanguages.optional(),
    formats: z
      .array(z.enum(formats, { error: 'A format is png, jpeg, webp or pdf' }))
      .min(1, { error: 'Ask for at least one format' })
      .max(4)
      .optional()
      .openapi({
        description:
          'Default `["png"]`; `pdf` only for print sizes and templates of several pages (see the size’s `formats`). A PDF alone makes no raster files: the thumbnail is its first page',
        example: ['png', 'webp'],
      }),
    pdf_options: PdfOptions.optional(),
    name: CreationName.optional(),
    locale: z
      .enum(['en', 'zh-CN'])
      .optional()
      .openapi({ description: 'Language of the defaults of empty fields' }),
    webhook_url: z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      .max(2000)
      .optional()
      .openapi({ description: 'Also told when this render completes or fails (signed like every delivery)' }),
  })
  .openapi('RenderCreate')

export const RenderFiles = z
  .object({
    png: z.url().optional(),
    jpeg: z.url().optional(),
    webp: z.url().optional(),
    pdf: z.url().optional().openapi({
      description:
        'Vector, text as text with its fonts embedded; the page is the sheet in points (A4: 595.28 × 841.89), with the bleed and crop marks asked for',
    }),
    pages: z
      .array(z.object({ png: z.url().optional(), jpeg: z.url().optional(), webp: z.url().optional() }))
      .optional()
      .openapi({
        description:
          'A template of several pages: each page after the first, in order, in the raster formats asked for (the first page’s are `png`, `jpeg`, `webp` above); a `pdf` has every page',
      }),
  })
  .openapi('RenderFiles', {
    description:
      'Signed URLs of the formats asked for; they expire (1 hour by default): read the render again for fresh ones.',
  })

export const RenderError = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    issues: z.array(FieldIssue).optional(),
    omitted: OmittedIssues,
  })
  .openapi('RenderError', {
    description:
      'Why a render failed, as a problem (its credit was refunded): `render_too_slow` (422) when the design took longer than the server allows to draw (fewer sizes, shadows or less text make it faster), `render_too_large` (422) when drawing it needed more memory than the server allows (fewer sizes, layers or less text), `render_not_drawable` (422) when the renderer failed on this design (the detail names what failed; the same design fails again), `render_failed` (500) for any other failure.',
    example: {
      type: 'https://templet.app/problems/render_too_slow',
      title: 'The design takes too long to draw',
      status: 422,
      detail: 'This design took longer than 60 s to draw: use fewer sizes, shadows or less text',
    },
  })

export const Render = z
  .object({
    object: z.literal('render'),
    id: id('render'),
    livemode: livemode('render'),
    status: z.enum(['queued', 'running', 'completed', 'failed', 'canceled']),
    template_id: z.number().int(),
    template_version: z.number().int().positive(),
    size_id: z.string(),
    formats: z.array(z.enum(formats)),
    pdf_options: PdfOptions.optional(),
    name: z.string().nullable(),
    values: z.record(z.string(), z.string()),
    value_languages: z
      .record(z.string(), z.string())
      .openapi({ description: 'The languages declared for text values (`{}` when none)' }),
    files: RenderFiles.nullable(),
    thumbnail_url: z.url().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    credits_spent: z
      .number()
      .int()
      .openapi({ description: '1 while reserved or spent; 0 once refunded, and always 0 in test mode' }),
    error: RenderError.nullable(),
    batch_id: z.number().int().nullable(),
    row: z.number().int().nullable().openapi({ description: 'The row of its batch, from 1' }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .openapi('Render', {
    example: {
      object: 'render',
      id: 42,
      livemode: true,
      status: 'completed',
      template_id: 3,
      template_version: 2,
      size_id: 'square',
      formats: ['png'],
      name: 'Autumn sale',
      values: { title: 'Autumn sale' },
      value_languages: {},
      files: { png: 'https://templet.example/api/file/creation/7/png?exp=1767225600&sig=…' },
      thumbnail_url: 'https://templet.example/api/file/creation/7/thumb?exp=1767225600&sig=…',
      width: 1080,
      height: 1080,
      credits_spent: 1,
      error: null,
      batch_id: null,
      row: null,
      created_at: '2026-11-25T10:00:00.000Z',
      completed_at: '2026-11-25T10:00:01.200Z',
    },
  })

export const RenderList = listOf(Render, 'RenderList')

export const BatchCreate = z
  .strictObject({
    template_id: z.number({ error: 'Must be a template id' }).int().positive().openapi({ example: 3 }),
    size_id: z.string().max(100).optional(),
    formats: z
      .array(z.enum(formats, { error: 'A format is png, jpeg, webp or pdf' }))
      .min(1, { error: 'Ask for at least one format' })
      .max(4)
      .optional()
      .openapi({
        description:
          'Default `["png"]`; with `pdf` (print sizes, and templates of several pages) the batch also makes one PDF with the pages of every completed row (`pdf_url`)',
        example: ['png'],
      }),
    pdf_options: PdfOptions.optional(),
    locale: z.enum(['en', 'zh-CN']).optional(),
    rows: z
      .array(
        z.strictObject({
          values: z.record(z.string(), z.string({ error: 'Each value must be a string' })),
          name: CreationName.optional(),
          value_languages: ValueLanguages.optional(),
        }),
      )
      .openapi({
        description: 'One render per row (at most 1000)',
        example: [
          { values: { title: 'Ada' } },
          { values: { title: 'Grace' }, name: 'Grace’s card' },
          { values: { title: '山田花子' }, value_languages: { title: 'ja' } },
        ],
      }),
  })
  .openapi('BatchCreate')

export const batchCsvQuery = z.strictObject({
  template_id: z.coerce
    .number({ error: 'Must be a template id' })
    .int()
    .positive()
    .optional()
    .openapi({ description: 'With a `text/csv` body: the template of every row', type: 'integer' }),
  size_id: z.string().max(100).optional().openapi({ description: 'With a `text/csv` body' }),
  formats: z
    .string()
    .regex(/^(png|jpeg|webp|pdf)(,(png|jpeg|webp|pdf)){0,3}$/, {
      error: 'Comma-separated png, jpeg, webp, pdf',
    })
    .optional()
    .openapi({ description: 'With a `text/csv` body: e.g. `png,webp`' }),
  pdf_options: z
    .string()
    .regex(/^(bleed|crop_marks)(,(bleed|crop_marks))?$/, { error: 'Comma-separated bleed, crop_marks' })
    .optional()
    .openapi({ description: 'With a `text/csv` body: e.g. `bleed,crop_marks`' }),
  locale: z.enum(['en', 'zh-CN']).optional(),
})

export const BatchRowError = z
  .object({
    row: z
      .number()
      .int()
      .openapi({ description: 'The row number, from 1 (a CSV’s first row after its header is 1)' }),
    type: z.string(),
    detail: z.string(),
    issues: z.array(FieldIssue).optional(),
    omitted: OmittedIssues,
  })
  .openapi('BatchRowError')

export const Batch = z
  .object({
    object: z.literal('batch'),
    id: id('batch'),
    livemode: livemode('batch'),
    status: z.enum(['running', 'completed', 'canceled']),
    template_id: z.number().int(),
    size_id: z.string(),
    formats: z.array(z.enum(formats)),
    pdf_options: PdfOptions.optional(),
    total_rows: z.number().int(),
    completed_rows: z.number().int(),
    failed_rows: z.number().int(),
    canceled_rows: z.number().int(),
    credits_reserved: z
      .number()
      .int()
      .openapi({ description: 'One per row, reserved when accepted (none in test mode)' }),
    credits_refunded: z
      .number()
      .int()
      .openapi({ description: 'Given back for failed and cancelled rows (none in test mode)' }),
    errors: z
      .array(BatchRowError)
      .max(MAX_ISSUES)
      .openapi({
        description: `Why rows failed: the first failed rows in row order, at most ${MAX_ISSUES} (fewer when their errors are long)`,
      }),
    errors_omitted: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({ description: 'How many more rows failed than `errors` lists' }),
    archive_url: z.url().nullable().openapi({
      description: 'A ZIP of the completed rows’ files once the batch is finished (signed, expires)',
    }),
    pdf_url: z.url().nullable().openapi({
      description:
        'With `pdf` among the formats: one PDF with a page per completed row, in row order, once the batch is finished (signed, expires). The batch turns `completed` when it is written',
    }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .openapi('Batch', {
    example: {
      object: 'batch',
      id: 7,
      livemode: true,
      status: 'completed',
      template_id: 3,
      size_id: 'square',
      formats: ['png'],
      total_rows: 50,
      completed_rows: 47,
      failed_rows: 3,
      canceled_rows: 0,
      credits_reserved: 50,
      credits_refunded: 3,
      errors: [
        {
          row: 12,
          type: `${PROBLEM_BASE}invalid_request`,
          detail: 'values.title: Must be at most 80 characters',
          issues: [{ path: ['values', 'title'], code: 'too_big', params: { maximum: 80, origin: 'string' } }],
        },
      ],
      archive_url: 'https://templet.example/api/file/batch/7/zip?exp=1767225600&sig=…',
      pdf_url: null,
      created_at: '2026-11-25T10:00:00.000Z',
      completed_at: '2026-11-25T10:01:10.000Z',
    },
  })

export const BatchList = listOf(Batch, 'BatchList')

export const webhookEvents = ['render.completed', 'render.failed', 'batch.completed'] as const

export const WebhookEndpointCreate = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      .max(2000)
      .openapi({ example: 'https://example.com/hooks/templet' }),
    events: z
      .array(
        z.enum(webhookEvents, { error: 'An event is render.completed, render.failed or batch.completed' }),
      )
      .min(1, { error: 'Choose at least one event' })
      .openapi({ example: ['render.completed', 'batch.completed'] }),
  })
  .openapi('WebhookEndpointCreate')

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    last_status: z.number().int().nullable().openapi({ description: 'Your endpoint’s last HTTP status' }),
    last_error: z
      .string()
      .nullable()
      .openapi({ description: 'What went wrong last (or the start of your answer)' }),
    last_attempt_at: z.iso.datetime().nullable(),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi('WebhookDelivery')

export const WebhookEndpoint = z
  .object({
    object: z.literal('webhook_endpoint'),
    id: id('webhook endpoint'),
    url: z.url(),
    events: z.array(z.enum([...webhookEvents])),
    secret: z.string().optional().openapi({
      description: 'Signs every delivery; in the answer that creates the endpoint only',
      example: 'whsec_…',
    }),
    recent_deliveries: z
      .array(WebhookDelivery)
      .optional()
      .openapi({ description: 'The newest 20 deliveries, when one endpoint is read' }),
    created_at: z.iso.datetime(),
  })
  .openapi('WebhookEndpoint')

export const WebhookEndpointList = listOf(WebhookEndpoint, 'WebhookEndpointList')

export const Balance = z
  .object({
    object: z.literal('balance'),
    livemode: z.boolean().openapi({
      description: 'False when asked with a test key, whose renders spend none of these credits',
    }),
    credits: z.number().int().openapi({ description: 'Credits to spend now: one per render or batch row' }),
    spent_this_month: z.number().int().openapi({
      description:
        'Credits spent since the start of this calendar month (UTC), in the app and through the API, refunds deducted',
    }),
    month_started_at: z.iso.datetime(),
  })
  .openapi('Balance', {
    example: {
      object: 'balance',
      livemode: true,
      credits: 412,
      spent_this_month: 88,
      month_started_at: '2026-11-01T00:00:00.000Z',
    },
  })

export const Upload = z
  .object({
    object: z.literal('upload'),
    id: id('upload'),
    name: z.string().nullable().openapi({
      description:
        'The file’s name as sent, or the last segment of the URL it was fetched from; null for uploads made before uploads had names',
      example: 'ada.jpg',
    }),
    width: z.number().int(),
    height: z.number().int(),
    url: z.url().openapi({ description: 'The image as kept (cleaned of metadata); signed, expires' }),
  })
  .openapi('Upload', {
    description:
      'An image of yours: give its id as an image field’s value. Kept while a creation uses it, else for the retention days of your plan.',
    example: {
      object: 'upload',
      id: 17,
      name: 'ada.jpg',
      width: 1200,
      height: 800,
      url: 'https://templet.example/api/file/upload/17/image?exp=1767225600&sig=…',
    },
  })

export const UploadFromUrl = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/, error: 'Must be an https:// URL' })
      .max(2048, { error: 'Must be at most 2048 characters' })
      .openapi({
        description:
          'Where to fetch the image: a public https:// address (no private networks), at most 10 MB',
        example: 'https://images.example.com/team/ada.jpg',
      }),
  })
  .openapi('UploadFromUrl')

export const UploadFile = z
  .object({
    file: z
      .custom<File>((v) => v instanceof File, { error: 'Send the image as the form’s file part' })
      .openapi({ type: 'string', format: 'binary', description: 'A PNG, JPEG or WebP image, at most 10 MB' }),
  })
  .openapi('UploadFile')
