import { getConnInfo } from '@hono/node-server/conninfo'
import {
  Code,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  endpoints,
  envelope,
  type IssuesData,
  toFieldIssues,
  UPLOAD_MAX_BYTES,
} from '@templet/api/contract'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import { AppError } from '../errors'
import type { PageNonces } from '../security-headers'
import type { Session, Sessions } from '../services/sessions'
import { bodyBytes } from '../web/body'

/** What the request logger and the envelope share about an answer. */
export type AppEnv = {
  Variables: {
    code: number
    /** hono's `requestId` (app.ts). */
    requestId: string
    /** A page's CSP nonces (security-headers.ts), drawn for pages only. */
    pageNonces?: PageNonces
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type DataOf<N extends EndpointName> = z.input<Endpoints[N]['data']>

/** What a handler gets: the validated query and body (the contract's output types), the caller and the IP. */
export interface HandlerInput<N extends EndpointName> {
  query: Endpoints[N] extends { query: infer Q } ? Out<Q> : undefined
  body: Endpoints[N] extends { body: infer B } ? Out<B> : undefined
  session: Endpoints[N]['auth'] extends 'required' ? Session : Session | null
  ip: string
}
/**
 * A list handler returns one page and the count over all pages; an image endpoint the bytes and their type;
 * any other returns its `data` object.
 */
export type HandlerResult<N extends EndpointName> = Endpoints[N] extends { list: true }
  ? { items: DataOf<N>; total: number }
  : Endpoints[N] extends { answer: 'image' }
    ? { data: Uint8Array; contentType: string }
    : WithoutResetToken<DataOf<N>>
/** `data` without the token the router adds; a nullable `data` (`subscription/current`) may be null. */
type WithoutResetToken<T> = T extends object ? Omit<T, 'resetToken'> : T
export type Handlers = { [N in EndpointName]: (input: HandlerInput<N>) => Promise<HandlerResult<N>> }

export const BODY_LIMIT_BYTES = 1024 * 1024
/** A multipart body: the largest upload plus room for the part headers. */
export const MULTIPART_LIMIT_BYTES = UPLOAD_MAX_BYTES + 64 * 1024

export interface Envelope {
  code: number
  msg: string
  data: unknown
  total?: number
}

/** Answers with the envelope (always HTTP 200; the envelope's `code` says how it went). */
export function reply(c: Context<AppEnv>, body: Envelope, o: { closeConnection?: boolean } = {}) {
  c.set('code', body.code)
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    // Answers are per caller and carry tokens: no shared or browser cache may keep them.
    'Cache-Control': 'no-store',
  }
  const retry = (body.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds
  if (body.code === Code.tooManyRequests && typeof retry === 'number') headers['Retry-After'] = String(retry)
  if (o.closeConnection) headers.Connection = 'close'
  return c.body(JSON.stringify(body), 200, headers)
}

export function failure(err: AppError): Envelope {
  return { code: err.code, msg: err.message, data: err.data }
}

/** "field: message" for each problem (at most five), the field as a dotted path into the query or body. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], where: 'query' | 'body'): string {
  return issues
    .slice(0, 5)
    .flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => `${[...i.path, k].join('.')}: Unknown field`)
        : [`${i.path.length > 0 ? i.path.join('.') : where}: ${i.message}`],
    )
    .join('; ')
}

/** The path to the first string holding a NUL character, which PostgreSQL's text cannot store. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (depth > 64 || typeof value !== 'object' || value === null) return undefined
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key]
    const found = nulPath(item, [...path, key], depth + 1)
    if (found) return found
  }
  return undefined
}

function validate(schema: z.ZodType, value: unknown, where: 'query' | 'body'): unknown {
  const nul = nulPath(value)
  if (nul)
    throw new AppError(
      Code.invalidInput,
      `${nul.length > 0 ? nul.join('.') : where}: Must not contain NUL characters`,
      {
        issues: [{ path: nul, code: 'invalid', params: {} }],
      } satisfies IssuesData,
    )
  const r = schema.safeParse(value)
  if (!r.success)
    throw new AppError(Code.invalidInput, describeIssues(r.error.issues, where), {
      issues: toFieldIssues(r.error.issues, value),
    } satisfies IssuesData)
  return r.data
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  // A form or `text/plain` post from another site may not be treated as an API call.
  if (!JSON_TYPE.test(c.req.header('content-type') ?? ''))
    throw new AppError(Code.unsupportedMediaType, 'body: Send the body as application/json')
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError(Code.invalidInput, 'body: Malformed JSON', {
      issues: [{ path: [], code: 'malformed_json', params: {} }],
    } satisfies IssuesData)
  }
}

/** The parts of a `multipart/form-data` body: text parts as strings, file parts as `File`. */
async function readMultipart(c: Context): Promise<unknown> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
    throw new AppError(Code.invalidInput, 'body: Send multipart/form-data')
  try {
    return await c.req.parseBody()
  } catch {
    throw new AppError(Code.invalidInput, 'body: Malformed multipart/form-data')
  }
}

/** The token of `Authorization: Bucket <token>` (the client's scheme; `Bearer` is accepted too). */
export function bearerToken(c: Context): string | undefined {
  const m = /^(?:Bucket|Bearer)\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return m?.[1]
}

export interface ApiDeps {
  handlers: Handlers
  sessions: Sessions
  trustProxy: boolean
  /** Parse every success answer with the contract before sending it (tests; costs time). */
  checkResponses: boolean
}

/** The socket's address; with a trusted proxy in front, the address that proxy saw (last X-Forwarded-For). */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The API under `/api`: one route per registry entry, validated by the contract, answered in the envelope. */
export function apiRouter(deps: ApiDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  // Only on endpoints that read a body: touching the body of a GET makes node-server build a full Request.
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    // The rest of the body stays unread: the connection cannot carry another request.
    onError: (c) =>
      reply(
        c,
        { code: Code.payloadTooLarge, msg: 'body: The request body is larger than 1 MB', data: null },
        { closeConnection: true },
      ),
  })
  const limitMultipart = bodyLimit({
    maxSize: MULTIPART_LIMIT_BYTES,
    onError: (c) =>
      reply(c, { code: Code.payloadTooLarge, msg: 'file: The file is larger than 10 MB', data: null }),
  })

  async function authenticate(c: Context, auth: EndpointDef['auth']): Promise<Session | null> {
    if (auth === 'none') return null
    const token = bearerToken(c)
    if (token === undefined) {
      if (auth === 'required') throw new AppError(Code.unauthorized, 'Sign in to continue')
      return null
    }
    const session = await deps.sessions.authenticate(token)
    if (!session) throw new AppError(Code.unauthorized, 'Your session has expired; sign in again')
    return session
  }

  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const def: EndpointDef = endpoints[name]
    const handler = deps.handlers[name] as (input: unknown) => Promise<unknown>
    const checkAnswer = deps.checkResponses ? envelope(def.data) : undefined
    const respond = async (c: Context<AppEnv>) => {
      try {
        const session = await authenticate(c, def.auth)
        const query = def.query ? validate(def.query, c.req.query(), 'query') : undefined
        const body = def.body
          ? validate(
              def.body,
              def.bodyType === 'multipart' ? await readMultipart(c) : await readJson(c),
              'body',
            )
          : undefined
        const result = await handler({
          query,
          body,
          session,
          // Only the rate-limited endpoints read it.
          get ip() {
            return clientIp(c, deps.trustProxy)
          },
        })
        if (def.answer === 'image') {
          const image = result as { data: Uint8Array; contentType: string }
          c.set('code', Code.ok)
          return c.body(bodyBytes(image.data), 200, {
            'Content-Type': image.contentType,
            'Cache-Control': 'no-store',
          })
        }
        let out: Envelope
        if (def.list) {
          const page = result as { items: unknown; total: number }
          out = { code: Code.ok, msg: 'ok', data: page.items, total: page.total }
        } else {
          // A fresh token rides only on an object (`data: null` stays null), so only then is one minted.
          const resetToken =
            session && typeof result === 'object' && result !== null
              ? await deps.sessions.rotateIfDue(session)
              : undefined
          out = {
            code: Code.ok,
            msg: 'ok',
            data: resetToken ? { ...(result as object), resetToken } : result,
          }
        }
        checkAnswer?.parse(out)
        return reply(c, out)
      } catch (err) {
        if (err instanceof AppError) return reply(c, failure(err))
        throw err
      }
    }
    if (def.body)
      api.on(def.method, def.path, def.bodyType === 'multipart' ? limitMultipart : limitBody, respond)
    else api.on(def.method, def.path, respond)
  }

  api.all('*', (c) =>
    reply(c, { code: Code.notFound, msg: `No API endpoint ${c.req.method} ${c.req.path}`, data: null }),
  )
  return api
}
