import { OpenAPIHono } from '@hono/zod-openapi'
import { boundedFieldIssues } from '@templet/api/contract'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { Kysely } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db/schema'
import type { Batches } from '../features/batches/batches'
import { batchRoutes } from '../features/batches/batches.v1'
import { balanceRoutes } from '../features/billing/balance.v1'
import type { Creations } from '../features/creations/creations'
import type { ApiKeys } from '../features/developer/api-keys'
import type { Renders } from '../features/developer/renders'
import { renderRoutes } from '../features/developer/renders.v1'
import { webhookEndpointRoutes } from '../features/developer/webhook-endpoints.v1'
import type { Webhooks } from '../features/developer/webhooks'
import { templateRoutes } from '../features/templates/templates.v1'
import type { Uploads } from '../features/uploads/uploads'
import { uploadRoutes } from '../features/uploads/uploads.v1'
import { errorFields, type Logger } from '../log'
import { type AppEnv, describeIssues, MULTIPART_LIMIT_BYTES } from '../routes/api'
import type { FileUrls } from '../services/file-urls'
import type { RateLimitStore } from '../services/rate-limit'
import { apiReference } from '../web/api-reference'
import { API_JSON_LIMITS } from '../web/json-body'
import type { V1Env } from './env'
import { idempotency } from './idempotency'
import { authenticateAndLimit } from './middleware'
import { SECURITY } from './openapi-parts'
import { Problem, sendProblem, toProblem } from './problem'

export interface V1Deps {
  db: Kysely<Database>
  config: Config
  apiKeys: ApiKeys
  rateLimits: RateLimitStore
  creations: Creations
  renders: Renders
  batches: Batches
  webhooks: Webhooks
  uploads: Uploads
  urls: FileUrls
  now: () => number
  log: Logger
}

const DESCRIPTION = `The developer API of Templet: render templates from your own software.

- **Authentication**: \`Authorization: Bearer <key>\`, a key made in the app (Developer settings) with the scopes
  \`read\` (templates, renders) and/or \`render\` (creates renders and batches; spends credits). A revoked key is
  refused at once.
- **Errors** are real HTTP statuses with an RFC 9457 body (\`application/problem+json\`): \`type\`, \`title\`,
  \`status\`, \`detail\`, and for a 400 the \`issues\` by key (the same as the app's).
- **Idempotency**: send \`Idempotency-Key\` on any POST; for 24 hours the same key and body answers the first answer
  again (nothing is run or charged twice, even when both requests arrive at once); the same key with another body
  is a 409. Only a success is kept: after a 4xx or 5xx the same key may be sent again, with a fixed body or once
  credits are bought. A replayed answer carries \`Idempotent-Replayed: true\`.
- **Rate limits**: every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`
  (seconds); beyond the limit a 429 with \`Retry-After\`.
- **Paging**: lists take \`limit\` (1 to 100) and either \`starting_after\` (the last id of the page you have,
  for the next page) or \`ending_before\` (its first id, for the page before), and answer
  \`{object: "list", data, has_more}\`; \`has_more\` says whether more lie in the direction asked.
- **Credits**: one per render (or batch row), reserved when accepted and refunded when it fails or is cancelled.
- **Test mode**: a key made in test mode (\`tk_test_…\`) works as a live one (\`tk_live_…\`) but spends no credits
  (even at a zero balance): its renders, batch rows and signed image URLs are drawn with a "TEMPLET TEST" watermark,
  and what it makes, and every webhook event about it, says \`livemode: false\`. Each mode sees only its own renders
  and batches: the other mode's ids answer 404. Uploads and webhook endpoints serve both modes; an event's
  \`livemode\` tells them apart.
- **Signed image URLs** (for e-mail images and Open Graph cards, outside \`/v1\`):
  \`GET /r/<key_id>/<template_id>.<png|jpg|webp>?<field>=<value>&size=<size_id>&s=<signature>\`. The signature is
  the hex HMAC-SHA256, keyed by the key's image URL secret (shown with the key when it is made), of the path and
  the query without \`s\`: each name and value encoded as \`encodeURIComponent\` does, the pairs \`name=value\`
  sorted and joined by \`&\` after a \`?\` (nothing after the path when there are none). The first request renders
  (one credit; a render key is needed) and answers the image; the same URL again is served from storage with
  \`Cache-Control: public, max-age=31536000, immutable\` and an \`ETag\` (304 on \`If-None-Match\`). A render still
  running after 5 s answers 202 with \`Retry-After\`; a bad signature or a revoked key is a 403.
- Fields are snake_case; times are ISO 8601 in UTC; file URLs are signed and expire (read the render again for
  fresh ones).`

/** The developer API under `/v1`: its own middleware, errors and OpenAPI document (docs/product.md#the-developer-api). */
export function v1App(d: V1Deps) {
  const app = new OpenAPIHono<V1Env>({
    // A refused query, path or body is a 400 problem with the app's issues.
    defaultHook: async (result, c) => {
      if (result.success) return
      const input =
        result.target === 'json'
          ? await c.req.json().catch(() => undefined)
          : result.target === 'query'
            ? c.req.query()
            : result.target === 'param'
              ? c.req.param()
              : c.req.header()
      throw new Problem(
        'invalid_request',
        describeIssues(result.error.issues, result.target === 'json' ? 'body' : 'query'),
        boundedFieldIssues(result.error.issues, input),
      )
    },
  })

  app.use(
    '*',
    authenticateAndLimit({
      apiKeys: d.apiKeys,
      store: d.rateLimits,
      limit: d.config.developerApi.rateLimit,
      trustProxy: d.config.trustProxy,
      now: d.now,
    }),
  )
  app.on(['POST', 'PUT', 'PATCH'], '*', async (c, next) => {
    // An image sent to /v1/uploads may be as large as the app's uploads; every other body is JSON or CSV.
    const file = c.req.path === '/v1/uploads'
    return bodyLimit({
      maxSize: file ? MULTIPART_LIMIT_BYTES : API_JSON_LIMITS.maxBytes,
      onError: () => {
        throw new Problem('payload_too_large', `The request body is larger than ${file ? '10' : '1'} MB`)
      },
    })(c, next)
  })

  const idem = idempotency({ db: d.db, now: d.now })
  templateRoutes(app, {
    db: d.db,
    urls: d.urls,
    resolve: (userId, templateId) => d.creations.resolve(userId, templateId),
  })
  balanceRoutes(app, { db: d.db, now: d.now })
  uploadRoutes(app, { uploads: d.uploads, idempotency: idem })
  renderRoutes(app, {
    renders: d.renders,
    creations: d.creations,
    uploads: d.uploads,
    renderWaitMs: d.config.developerApi.renderWaitMs,
    webhooks: d.webhooks,
    idempotency: idem,
  })
  batchRoutes(app, {
    batches: d.batches,
    renders: d.renders,
    creations: d.creations,
    uploads: d.uploads,
    idempotency: idem,
  })
  webhookEndpointRoutes(app, { webhooks: d.webhooks, idempotency: idem, db: d.db })

  app.openAPIRegistry.registerComponent('securitySchemes', SECURITY, {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from Developer settings: `Authorization: Bearer tk_live_…` (or `tk_test_…` for test mode)',
  })
  const document = () =>
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Templet developer API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/v1' }],
      security: [{ [SECURITY]: [] }],
    })
  app.route('/', apiReference({ base: '/v1', title: 'Templet developer API reference', document }) as never)

  // Built from the document on the first unknown request, not at start-up.
  let allowed: ReturnType<typeof methodsByPath> | undefined
  app.all('*', (c) => {
    const path = c.req.path.replace(/^\/v1(?=\/|$)/, '')
    allowed ??= methodsByPath(document())
    const allow = allowed.find((p) => p.pattern.test(path))?.methods
    if (allow)
      throw new Problem(
        'method_not_allowed',
        `${c.req.path} takes ${allow.join(', ')}, not ${c.req.method}; see /v1/docs`,
        { allow },
      )
    throw new Problem('not_found', `No endpoint ${c.req.method} ${c.req.path}; see /v1/docs`)
  })

  app.onError((err, c) => {
    const known = toProblem(err) ?? fromHttpException(err)
    if (known) return sendProblem(c, known)
    d.log.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      ...errorFields(err),
    })
    return sendProblem(c, new Problem('internal', 'Something went wrong on our side; please try again'))
  })
  return { hono: app as unknown as OpenAPIHono<AppEnv>, document }
}

/** Hono's own refusals (a malformed JSON body, a Content-Type a route does not take) as problems. */
function fromHttpException(err: unknown): Problem | undefined {
  if (!(err instanceof HTTPException)) return undefined
  if (err.status === 415)
    return new Problem('unsupported_media_type', 'Send the body as application/json', {})
  if (err.status === 400)
    return new Problem('invalid_request', 'body: Malformed JSON', {
      issues: [{ path: [], code: 'malformed_json', params: {} }],
    })
  if (err.status === 413) return new Problem('payload_too_large', 'The request body is too large')
  return undefined
}

/**
 * The methods each documented path takes, its `{id}` parts matching any one segment: a known path asked with
 * another method is a 405 that says which it takes, not a 404.
 */
function methodsByPath(doc: { paths?: Record<string, object | undefined> }) {
  const methods = ['get', 'post', 'put', 'patch', 'delete']
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return Object.entries(doc.paths ?? {}).map(([path, item]) => ({
    pattern: new RegExp(
      `^${path
        .split(/\{[^}]+\}/)
        .map(literal)
        .join('[^/]+')}$`,
    ),
    methods: methods.filter((m) => item && m in item).map((m) => m.toUpperCase()),
  }))
}
