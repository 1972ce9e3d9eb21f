import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { valuesByKey } from '@templet/template'
import type { RenderRow } from '../../db/schema'
import type { V1Env } from '../../v1/env'
import type { idempotency } from '../../v1/idempotency'
import { requireScope } from '../../v1/middleware'
import { idempotencyHeader, ok, problems, SECURITY } from '../../v1/openapi-parts'
import { Problem } from '../../v1/problem'
import {
  cursorOf,
  idParam,
  pageQuery,
  pdfOptionsFrom,
  Render,
  RenderCreate,
  RenderList,
} from '../../v1/schemas'
import { renderView } from '../../v1/views'
import type { Creations } from '../creations/creations'
import { hasUrlValues, uploadImageUrls } from '../uploads/image-urls'
import type { Uploads } from '../uploads/uploads'
import type { Renders } from './renders'
import type { Webhooks } from './webhooks'

const createRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'createRender',
    method: 'post',
    path: '/renders',
    tags: ['renders'],
    summary: 'Render a template: 201 with the files when done within a few seconds, else 202',
    description: [
      'One credit is reserved when the render is accepted and refunded if it fails (none with a test key: its',
      'render is watermarked). The answer waits up to about',
      '5 seconds: **201** when the render settled by then (`completed` with its `files`, or `failed` with its',
      '`error`), **202** with `status: "queued"` (or `running`) otherwise, or at once with `Prefer: respond-async`.',
      'Follow a 202 with `GET /v1/renders/{id}` (its `Location`), or a webhook.',
    ].join(' '),
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: {
      headers: idempotencyHeader.extend({
        prefer: z
          .string()
          .optional()
          .openapi({ description: '`respond-async`: answer 202 at once', example: 'respond-async' }),
      }),
      body: { required: true, content: { 'application/json': { schema: RenderCreate } } },
    },
    responses: {
      201: ok(
        Render,
        'The render settled: `completed` with its files, or `failed` with its error (refunded)',
        {
          Location: { description: 'The render', schema: { type: 'string' } },
        },
      ),
      202: ok(Render, 'Accepted and queued: follow its `Location`', {
        Location: { description: 'The render', schema: { type: 'string' } },
      }),
      ...problems(400, 402, 403, 404, 409, 413, 415),
    },
  })

const get = createRoute({
  operationId: 'getRender',
  method: 'get',
  path: '/renders/{id}',
  tags: ['renders'],
  summary: 'One of your renders, with fresh file URLs once completed',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: { 200: ok(Render, 'The render'), ...problems(400, 403, 404) },
})

const list = createRoute({
  operationId: 'listRenders',
  method: 'get',
  path: '/renders',
  tags: ['renders'],
  summary: 'Your renders (not batch rows), newest first',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read')] as const,
  request: { query: pageQuery },
  responses: { 200: ok(RenderList, 'One page of renders'), ...problems(400, 403) },
})

const remove = createRoute({
  operationId: 'deleteRender',
  method: 'delete',
  path: '/renders/{id}',
  tags: ['renders'],
  summary: 'Delete a render and its files (a queued one is cancelled and refunded; 409 while running)',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('render')] as const,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 403, 404, 409) },
})

/** Renders as `/v1` shows them, each with the files of the creation holding them (one query for all). */
export async function renderViews(
  d: { renders: Renders; creations: Creations },
  rows: RenderRow[],
  origin: string,
) {
  const made = await d.renders.creationsOf(rows)
  return rows.map((r) =>
    renderView(r, r.creation_id === null ? undefined : made.get(r.creation_id), d.creations, origin),
  )
}

export function renderRoutes(
  app: OpenAPIHono<V1Env>,
  d: {
    renders: Renders
    creations: Creations
    renderWaitMs: number
    webhooks: Webhooks
    uploads: Uploads
    idempotency: ReturnType<typeof idempotency>
  },
) {
  const view = async (origin: string, row: RenderRow) => (await renderViews(d, [row], origin))[0]

  app.openapi(createRouteOf(d.idempotency), async (c) => {
    const body = c.req.valid('json')
    const caller = c.get('caller')
    // The render's own webhook goes to one of the account's endpoints, whose secret signs it.
    const webhookUrl = body.webhook_url === undefined ? undefined : new URL(body.webhook_url).toString()
    if (webhookUrl && !(await d.webhooks.list(caller.userId)).some((e) => e.url === webhookUrl))
      throw new Problem(
        'invalid_request',
        'webhook_url: Add it as a webhook endpoint first (its secret signs the events)',
        {
          issues: [{ path: ['webhook_url'], code: 'invalid', params: { reason: 'unknown_endpoint' } }],
        },
      )
    // Values may name fields by column name or by key; from here on they name keys.
    const resolved = await d.creations.resolve(caller.userId, body.template_id, body.template_version)
    const { template } = resolved
    let values = valuesByKey(template.fields, body.values ?? {})
    if (hasUrlValues([values]))
      [values = values] = await uploadImageUrls(
        d.uploads,
        caller.userId,
        template.fields,
        [values],
        (_, key) => ['values', key],
      )
    const accepted = await d.renders.create(
      { userId: caller.userId, keyId: caller.keyId, livemode: caller.livemode },
      {
        templateId: body.template_id,
        templateVersion: body.template_version,
        sizeId: body.size_id,
        values,
        valueLanguages: body.value_languages && valuesByKey(template.fields, body.value_languages),
        formats: body.formats ?? ['png'],
        pdfOptions: pdfOptionsFrom(body.pdf_options),
        name: body.name,
        locale: body.locale,
        webhookUrl,
      },
      resolved,
    )
    const async = /(^|[\s,;])respond-async\b/i.test(c.req.header('prefer') ?? '')
    const row = async ? accepted : ((await d.renders.waitFor(accepted.id, d.renderWaitMs)) ?? accepted)
    const settled = row.status === 'completed' || row.status === 'failed'
    const headers = {
      Location: `/v1/renders/${row.id}`,
      ...(async ? { 'Preference-Applied': 'respond-async' } : {}),
    }
    const out = await view(new URL(c.req.url).origin, row)
    return settled ? c.json(out, 201, headers) : c.json(out, 202, headers)
  })

  app.openapi(get, async (c) => {
    const { userId, livemode } = c.get('caller')
    const row = await d.renders.get(userId, c.req.valid('param').id, livemode)
    if (!row) throw new Problem('not_found', 'Render not found')
    return c.json(await view(new URL(c.req.url).origin, row), 200)
  })

  app.openapi(list, async (c) => {
    const q = c.req.valid('query')
    const { userId, livemode } = c.get('caller')
    const page = await d.renders.list(userId, livemode, cursorOf(q))
    const data = await renderViews(d, page.items, new URL(c.req.url).origin)
    return c.json({ object: 'list' as const, data, has_more: page.hasMore }, 200)
  })

  app.openapi(remove, async (c) => {
    const { userId, livemode } = c.get('caller')
    await d.renders.delete(userId, c.req.valid('param').id, livemode)
    return c.body(null, 204)
  })
}
