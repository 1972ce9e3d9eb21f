import { OpenAPIHono } from '@hono/zod-openapi'
import {
  Code,
  type EndpointDef,
  endpoints,
  envelope,
  errorEnvelope,
  notificationStream,
} from '@templet/api/contract'
import { z } from 'zod'

/** What each business code means: the document's table of them, and each operation's list. */
const codeMeanings: Record<number, string> = {
  [Code.ok]: 'Success',
  [Code.invalidInput]:
    'Invalid input: `data.issues` lists each problem by key (`path`, `code`, `params`, e.g. `{ path: ["email"], code: "invalid_format", params: { format: "email" } }`); `msg` says the same in English ("email: Enter a valid email address")',
  [Code.unauthorized]: 'Not signed in, or the token is unknown, revoked or expired',
  [Code.notEnoughCredits]: 'Not enough credits',
  [Code.forbidden]: 'Forbidden',
  [Code.notFound]: 'Not found (also: an unknown /api path)',
  [Code.conflict]: 'Conflict (e.g. the email is taken)',
  [Code.payloadTooLarge]: 'The JSON body is larger than 1 MB, or an upload larger than 10 MB',
  [Code.unsupportedMediaType]: 'The body was not sent as `application/json`',
  [Code.tooManyRequests]:
    'Too many requests; `data.retryAfterSeconds` and the `Retry-After` header say when to retry',
  [Code.internal]: 'Internal error; no detail is given',
}

/** The business codes an endpoint can answer: the ones its shape implies plus those it declares. */
export function codesOf(def: EndpointDef): number[] {
  const codes = new Set<number>([Code.ok])
  if (def.query || def.body) codes.add(Code.invalidInput)
  if (def.auth !== 'none') codes.add(Code.unauthorized)
  if (def.body) {
    codes.add(Code.payloadTooLarge)
    codes.add(Code.unsupportedMediaType)
  }
  for (const c of def.codes ?? []) codes.add(c)
  codes.add(Code.internal)
  return [...codes].sort((a, b) => a - b)
}

const SECURITY = 'sessionToken'

/** An operation's business codes as a markdown list (Swagger UI renders descriptions as markdown). */
const codeList = (codes: number[]) =>
  `Business codes:\n\n${codes.map((c) => `- \`${c}\` ${codeMeanings[c] ?? ''}`).join('\n')}`

const envelopeAnswer = (success: z.ZodType) => ({
  description:
    'Every handled outcome is HTTP 200 with the envelope: `code` 0 and `data` on success, else a business code and `msg`.',
  content: { 'application/json': { schema: z.union([success, errorEnvelope]) } },
})

/** A multipart body for the document: its file parts as binary strings (the generator knows no `z.file()`). */
function multipartSchema(body: z.ZodType): z.ZodType {
  if (!(body instanceof z.ZodObject)) return body
  const shape = Object.fromEntries(
    Object.entries(body.shape as Record<string, z.ZodType>).map(([k, v]) => [
      k,
      v instanceof z.ZodFile ? binary.describe('The file (PNG, JPEG or WebP)') : v,
    ]),
  )
  return z.object(shape)
}

/** An endpoint that answers the image itself on success, and the envelope otherwise. */
const binary = z.string().meta({ format: 'binary' })
const imageAnswer = {
  description:
    'On success the image bytes, with `Content-Type` image/webp, image/jpeg or image/png as requested; any other outcome is the JSON envelope with a business code.',
  content: {
    'image/webp': { schema: binary },
    'image/jpeg': { schema: binary },
    'image/png': { schema: binary },
    'application/json': { schema: errorEnvelope },
  },
}

const pdfAnswer = {
  description:
    'On success the PDF, with `Content-Type` application/pdf and a `Content-Disposition` naming the file; any other outcome is the JSON envelope with a business code.',
  content: {
    'application/pdf': { schema: binary },
    'application/json': { schema: errorEnvelope },
  },
}
const bytesAnswers = { image: imageAnswer, pdf: pdfAnswer }

/** The OpenAPI 3.1 document, derived from the contract's endpoint registry. */
export function buildOpenApiDocument() {
  const doc = new OpenAPIHono()
  const registry = doc.openAPIRegistry
  // HTTP bearer rather than an API key named Authorization: the reference's Authorize dialog then takes the token
  // alone and sends `Bearer <token>`, which the API accepts as it does `Bucket <token>`.
  registry.registerComponent('securitySchemes', SECURITY, {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token from register or login, sent as `Authorization: Bucket <token>`. `Bearer <token>` works too, and is what the reference page sends: paste the token alone.',
  })

  for (const [operationId, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const codes = codesOf(def)
    const success = envelope(def.data)
    registry.registerPath({
      operationId,
      method: def.method === 'GET' ? 'get' : 'post',
      path: def.path,
      tags: [def.tag],
      summary: def.summary,
      description: codeList(codes),
      'x-codes': codes,
      'x-list': def.list === true,
      security:
        def.auth === 'required'
          ? [{ [SECURITY]: [] }]
          : def.auth === 'optional'
            ? [{}, { [SECURITY]: [] }]
            : [],
      request: {
        ...(def.query ? { query: def.query as z.ZodObject } : {}),
        ...(def.body
          ? {
              body: {
                required: true,
                content: {
                  ...(def.bodyType === 'multipart'
                    ? { 'multipart/form-data': { schema: multipartSchema(def.body) } }
                    : { 'application/json': { schema: def.body } }),
                },
              },
            }
          : {}),
      },
      responses: {
        200: def.answer && def.answer !== 'envelope' ? bytesAnswers[def.answer] : envelopeAnswer(success),
      },
    })
  }

  // Outside the registry: its success is an event stream, not the envelope.
  const streamCodes = [Code.ok, Code.invalidInput, Code.unauthorized, Code.tooManyRequests, Code.internal]
  registry.registerPath({
    operationId: 'notificationStream',
    method: 'get',
    path: notificationStream.path,
    tags: ['notification'],
    summary: "The caller's new notifications, live (server-sent events)",
    description: `${[
      'A `text/event-stream` of `event: notification` events: `id` is the notification id, `data` the notification',
      'as JSON (the shape of `GET /user/my-notification` items). Comment lines (`: ping`) keep it open. Send',
      '`Last-Event-ID` to resume: the notifications after that id come first. Read it with fetch (the token goes',
      'in the `Authorization` header, never in the URL). It ends when the session ends or the server shuts down',
      '(HTTP 503 with `Retry-After` while it drains); reconnect then. A user holds at most `STREAM_LIMIT_PER_USER`',
      'streams on one server (429 beyond).',
    ].join(' ')}\n\n${codeList(streamCodes)}`,
    'x-codes': streamCodes,
    'x-list': false,
    security: [{ [SECURITY]: [] }],
    request: {
      headers: z.object({
        'last-event-id': z.string().regex(/^\d+$/).optional().describe('The last notification id received'),
      }),
    },
    responses: {
      200: {
        description: 'The event stream; any refusal is the JSON envelope with a business code.',
        content: {
          'text/event-stream': { schema: z.string().describe('Server-sent events') },
          'application/json': { schema: errorEnvelope },
        },
      },
    },
  })

  return doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Templet API',
      version: '0.1.0',
      description: [
        'Every answer is HTTP 200 with the envelope `{ code, msg, data, total? }`; `code` 0 is success.',
        'List answers carry `total`, the count over all pages. Authenticated answers whose `data` is an object may carry',
        '`data.resetToken`: a fresh token to use from then on (the old one keeps working for a short grace period).',
        '',
        'What each `code` means:',
        '',
        // No column alignment (`---:`): Swagger UI would write it as a style attribute, which the CSP refuses.
        '| `code` | meaning |',
        '| --- | --- |',
        ...Object.entries(codeMeanings).map(([c, m]) => `| ${c} | ${m.replaceAll('|', '\\|')} |`),
      ].join('\n'),
    },
    servers: [{ url: '/api' }],
  })
}
