import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema'
import type { V1Env } from '../../v1/env'
import type { idempotency } from '../../v1/idempotency'
import { requireScope } from '../../v1/middleware'
import { idempotencyHeader, ok, problems, SECURITY } from '../../v1/openapi-parts'
import {
  Batch,
  idParam,
  Render,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
} from '../../v1/schemas'
import type { WebhookEvent, Webhooks } from './webhooks'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

function endpointView(
  e: WebhookEndpointRow,
  o: { secret?: string; deliveries?: WebhookDeliveryRow[] } = {},
): z.infer<typeof WebhookEndpoint> {
  return {
    object: 'webhook_endpoint',
    id: e.id,
    url: e.url,
    events: e.events.split(',') as WebhookEvent[],
    ...(o.secret ? { secret: o.secret } : {}),
    ...(o.deliveries
      ? {
          recent_deliveries: o.deliveries.map((d) => ({
            id: d.id,
            event_id: d.event_id,
            event_type: d.event_type,
            status: d.status,
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error,
            last_attempt_at: iso(d.last_attempt_at),
            next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
            created_at: new Date(d.created_at).toISOString(),
          })),
        }
      : {}),
    created_at: new Date(e.created_at).toISOString(),
  }
}

const VERIFY = `Each delivery is a POST of the event as JSON, \`{id, object: "event", type, created_at, data: {object}}\`,
with \`Templet-Signature: t=<unix seconds>,v1=<hex>\`. To verify it: take the raw body as received (before parsing),
compute HMAC-SHA256 of \`<t>.<body>\` keyed with the endpoint's \`secret\`, compare it with \`v1\` in constant
time, and refuse a \`t\` more than 5 minutes from your clock (a replay). Answer 2xx within 10 seconds; anything
else is retried with exponential backoff (1, 2, 4 … minutes, at most an hour apart) for 24 hours. The same event
may arrive more than once: \`Templet-Event-Id\` (the event's \`id\`) tells repeats apart.`

const createRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'createWebhookEndpoint',
    method: 'post',
    path: '/webhook_endpoints',
    tags: ['webhooks'],
    summary: 'Send events to a URL: the answer holds the signing `secret`, shown this once',
    description: `${VERIFY}\n\nThe URL must reach a public address (not this machine or a private network).`,
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { 'application/json': { schema: WebhookEndpointCreate } } },
    },
    responses: {
      201: ok(WebhookEndpoint, 'The endpoint, with its secret'),
      ...problems(400, 403, 409, 413, 415),
    },
  })

const list = createRoute({
  operationId: 'listWebhookEndpoints',
  method: 'get',
  path: '/webhook_endpoints',
  tags: ['webhooks'],
  summary: 'Your webhook endpoints',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  responses: { 200: ok(WebhookEndpointList, 'Every endpoint (at most 10)'), ...problems(403) },
})

const get = createRoute({
  operationId: 'getWebhookEndpoint',
  method: 'get',
  path: '/webhook_endpoints/{id}',
  tags: ['webhooks'],
  summary: 'One endpoint with its newest deliveries and how your server answered them',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('read', 'render')] as const,
  request: { params: idParam },
  responses: { 200: ok(WebhookEndpoint, 'The endpoint and its delivery log'), ...problems(400, 403, 404) },
})

const remove = createRoute({
  operationId: 'deleteWebhookEndpoint',
  method: 'delete',
  path: '/webhook_endpoints/{id}',
  tags: ['webhooks'],
  summary: 'Stop sending to an endpoint (its pending deliveries are dropped)',
  security: [{ [SECURITY]: [] }],
  middleware: [requireScope('render')] as const,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 403, 404) },
})

const testRouteOf = (idem: ReturnType<typeof idempotency>) =>
  createRoute({
    operationId: 'sendTestWebhook',
    method: 'post',
    path: '/webhook_endpoints/{id}/test',
    tags: ['webhooks'],
    summary: 'Send a `ping` event to the endpoint now (signed like every delivery)',
    security: [{ [SECURITY]: [] }],
    middleware: [requireScope('render'), idem] as const,
    request: { params: idParam, headers: idempotencyHeader },
    responses: {
      202: ok(z.object({ event_id: z.string() }).openapi('WebhookTest'), 'Queued for delivery'),
      ...problems(400, 403, 404, 409),
    },
  })

/** An event as every delivery carries it, with its own object in `data.object`. */
const eventOf = (type: string, object: z.ZodType, name: string) =>
  z
    .object({
      id: z
        .string()
        .openapi({ description: 'The event’s id: the same in every retry of it', example: 'evt_5f0c…' }),
      object: z.literal('event'),
      type: z.literal(type),
      livemode: z.boolean().openapi({
        description:
          'False for an event about what a test key made (and for a ping sent with a test key); endpoints hear both modes',
      }),
      created_at: z.iso.datetime(),
      data: z.object({ object }),
    })
    .openapi(name)

const EVENTS = [
  {
    type: 'render.completed',
    summary: 'A render completed: `data.object` is the render with its files',
    schema: eventOf('render.completed', Render, 'RenderCompletedEvent'),
  },
  {
    type: 'render.failed',
    summary: 'A render failed after its attempts: `data.object` is the render with its `error` (refunded)',
    schema: eventOf('render.failed', Render, 'RenderFailedEvent'),
  },
  {
    type: 'batch.completed',
    summary: 'A batch finished: `data.object` is the batch with its counts, ZIP and PDF',
    schema: eventOf('batch.completed', Batch, 'BatchCompletedEvent'),
  },
  {
    type: 'ping',
    summary: 'Sent by `POST /webhook_endpoints/{id}/test` to that endpoint alone',
    schema: eventOf(
      'ping',
      z.object({ object: z.literal('ping'), endpoint_id: z.number().int() }),
      'PingEvent',
    ),
  },
]

/** The events sent to webhook endpoints, in the document's `webhooks` section: what a receiver must accept. */
function documentEvents(app: OpenAPIHono<V1Env>) {
  for (const e of EVENTS)
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: e.type,
      summary: e.summary,
      description:
        'POSTed to each endpoint subscribed to it, after what it reports has committed. Check `Templet-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint’s secret) before trusting it; answer 2xx within 10 s, or it is retried with growing pauses for 24 hours (the same `id` each time).',
      request: {
        headers: z.object({
          'templet-signature': z.string().openapi({ example: 't=1767225600,v1=5257a869…' }),
          'templet-event-id': z.string(),
        }),
        body: { content: { 'application/json': { schema: e.schema } } },
      },
      responses: {
        200: { description: 'Any 2xx acknowledges it; anything else (or no answer in 10 s) is retried' },
      },
    })
}

export function webhookEndpointRoutes(
  app: OpenAPIHono<V1Env>,
  d: { webhooks: Webhooks; idempotency: ReturnType<typeof idempotency>; db: Parameters<Webhooks['emit']>[0] },
) {
  documentEvents(app)
  app.openapi(createRouteOf(d.idempotency), async (c) => {
    const body = c.req.valid('json')
    const { endpoint, secret } = await d.webhooks.createEndpoint(c.get('caller').userId, body)
    return c.json(endpointView(endpoint, { secret }), 201)
  })
  app.openapi(list, async (c) => {
    const rows = await d.webhooks.list(c.get('caller').userId)
    return c.json({ object: 'list' as const, data: rows.map((e) => endpointView(e)), has_more: false }, 200)
  })
  app.openapi(get, async (c) => {
    const { endpoint, deliveries } = await d.webhooks.get(c.get('caller').userId, c.req.valid('param').id)
    return c.json(endpointView(endpoint, { deliveries }), 200)
  })
  app.openapi(remove, async (c) => {
    await d.webhooks.delete(c.get('caller').userId, c.req.valid('param').id)
    return c.body(null, 204)
  })
  app.openapi(testRouteOf(d.idempotency), async (c) => {
    const { userId, livemode } = c.get('caller')
    const { endpoint } = await d.webhooks.get(userId, c.req.valid('param').id)
    const eventId = await d.db.transaction().execute((trx) =>
      d.webhooks.emit(trx, {
        userId,
        type: 'ping',
        livemode,
        object: { object: 'ping', endpoint_id: endpoint.id },
        onlyEndpoint: endpoint.id,
      }),
    )
    void d.webhooks.tick().catch(() => {})
    return c.json({ event_id: eventId ?? '' }, 202)
  })
}
