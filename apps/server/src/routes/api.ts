import { getConnInfo } from '@hono/node-server/conninfo'
import {
  boundedFieldIssues,
  boundedKey,
  Code,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  endpoints,
  envelope,
  type IssuesData,
  truncated,
  UPLOAD_MAX_BYTES,
} from '@templet/api/contract'
import { type Context, Hono } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import type { z } from 'zod'
import type { AppEnv } from '../app-env'
import { AppError, refuseSlowly } from '../errors'
import type { Session, Sessions } from '../features/accounts/sessions'
import { bodyBytes } from '../web/body'
import { API_JSON_LIMITS, readJsonBody } from '../web/json-body'
import { readMultipartBody } from '../web/multipart-body'

export type { AppEnv }

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type DataOf<N extends EndpointName> = z.input<Endpoints[N]['data']>

/**
 * The request's cookies, and a cookie to set with the answer (`HttpOnly`, `SameSite=Strict`, `Secure` when
 * the server is reached over HTTPS, on `path`).
 */
export interface Cookies {
  get(name: string): string | undefined
  set(name: string, value: string, o: { maxAgeSeconds: number; path: string }): void
}

/** What a handler gets: the validated query and body (the contract's output types), the caller and the IP. */
export interface HandlerInput<N extends EndpointName> {
  query: Endpoints[N] extends { query: infer Q } ? Out<Q> : undefined
  body: Endpoints[N] extends { body: infer B } ? Out<B> : undefined
  session: Endpoints[N]['auth'] extends 'required' ? Session : Session | null
  ip: string
  /** The browser's User-Agent (for the account's list of signed-in devices), or null. */
  userAgent: string | null
  cookies: Cookies
}
/**
 * A list handler returns one page and the count over all pages; an image or PDF endpoint the bytes and their type;
 * any other returns its `data` object.
 */
export type HandlerResult<N extends EndpointName> = Endpoints[N] extends { list: true }
  ? { items: DataOf<N>; total: number }
  : Endpoints[N] extends { answer: 'image' | 'pdf' }
    ? { data: Uint8Array; contentType: string; headers?: Record<string, string> }
    : WithoutResetToken<DataOf<N>>
/** `data` without the token the router adds; a nullable `data` (`subscription/current`) may be null. */
type WithoutResetToken<T> = T extends object ? Omit<T, 'resetToken'> : T
export type Handlers = { [N in EndpointName]: (input: HandlerInput<N>) => Promise<HandlerResult<N>> }

/** A multipart body: the largest upload plus room for the part headers. */
export const MULTIPART_LIMIT_BYTES = UPLOAD_MAX_BYTES + 64 * 1024

export interface Envelope {
  code: number
  msg: string
  data: unknown
  total?: number
}

/** Answers with the envelope (always HTTP 200; the envelope's `code` says how it went). */
export function reply(c: Context<AppEnv>, body: Envelope, extraHeaders: Record<string, string> = {}) {
  c.set('code', body.code)
  if (body.msg.length > MAX_MSG_LENGTH) body = { ...body, msg: truncated(body.msg, MAX_MSG_LENGTH) }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    // Answers are per caller and carry tokens: no shared or browser cache may keep them.
    'Cache-Control': 'no-store',
    ...extraHeaders,
  }
  const retry = (body.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds
  if (body.code === Code.tooManyRequests && typeof retry === 'number') headers['Retry-After'] = String(retry)
  return c.body(JSON.stringify(body), 200, headers)
}

/** The envelope of a handled failure; a code-400 always carries `data.issues` (the whole input when none is named). */
export function failure(err: AppError): Envelope {
  const data =
    err.code === Code.invalidInput && !Array.isArray(err.data?.issues)
      ? ({ ...err.data, issues: [{ path: [], code: 'invalid', params: {} }] } satisfies IssuesData)
      : err.data
  return { code: err.code, msg: err.message, data }
}

/** The longest `msg` an answer carries; the issues by key are in `data` (bounded by the contract's schema). */
const MAX_MSG_LENGTH = 1000
const MAX_DESCRIBED_ISSUES = 5

/** A dotted path into the query or body, each key cut to the contract's length. */
const pathText = (path: readonly PropertyKey[]) => path.map((k) => boundedKey(String(k))).join('.')

/**
 * "field: message" for the first five problems, the field as a dotted path into the query or body, and how
 * many more there are ("(495 more)"): the unknown keys of a huge body are counted, never all written out.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], where: 'query' | 'body'): string {
  const parts: string[] = []
  let more = 0
  for (const i of issues) {
    const room = MAX_DESCRIBED_ISSUES - parts.length
    if (i.code === 'unrecognized_keys') {
      parts.push(
        ...i.keys.slice(0, Math.max(0, room)).map((k) => `${pathText([...i.path, k])}: Unknown field`),
      )
      more += Math.max(0, i.keys.length - room)
    } else if (room > 0) parts.push(`${i.path.length > 0 ? pathText(i.path) : where}: ${i.message}`)
    else more++
  }
  return more > 0 ? `${parts.join('; ')} (${more} more)` : parts.join('; ')
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

async function validate(
  schema: z.ZodType,
  value: unknown,
  where: 'query' | 'body',
  refusalDelayMs: number,
): Promise<unknown> {
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
  if (r.success) return r.data
  const issues = boundedFieldIssues(r.error.issues, value)
  const refusal = new AppError(Code.invalidInput, describeIssues(r.error.issues, where), issues)
  // More problems than an answer lists: no form sends that, a script flooding unknown keys does.
  if (issues.omitted) return refuseSlowly(refusal, refusalDelayMs)
  throw refusal
}

/** The token of `Authorization: Bucket <token>` (the client's scheme; `Bearer` is accepted too). */
export function bearerToken(c: Context): string | undefined {
  const m = /^(?:Bucket|Bearer)\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return m?.[1]
}

/** What an admission check learns of a request: who sends it and from where. */
export interface AdmissionInput {
  session: Session | null
  ip: string
  /** Aborted when the client goes away (a check that waits stops waiting). */
  signal: AbortSignal
}
/**
 * Runs after authentication and before the query and body are read: it may refuse (throw an AppError, e.g. a
 * 429) before an upload's bytes are taken in, or hold a resource until the answer (it returns the release).
 */
export type Admission = (input: AdmissionInput) => Promise<(() => void) | undefined>

export interface ApiDeps {
  handlers: Handlers
  /** Checks run before the body is read, by endpoint (uploads, renders). */
  admission?: { [N in EndpointName]?: Admission }
  sessions: Sessions
  trustProxy: boolean
  /** Cookies are set `Secure` (the server is reached over HTTPS). */
  secureCookies: boolean
  /** How long the answer to an abusive body waits (`ABUSIVE_REFUSAL_DELAY_MS`). */
  refusalDelayMs: number
  /** Parse every success answer with the contract before sending it (tests; costs time). */
  checkResponses: boolean
  /**
   * The session an endpoint acts with, given the request's `Team` header (absent: undefined): the person's own,
   * or the same session acting in a team's workspace. Throws when the header is refused.
   */
  workspace?: (session: Session, endpoint: EndpointName, team: string | undefined) => Promise<Session>
  /** Called after an endpoint succeeded, with the session it acted with (a team's activity, ADR 0206). */
  recorded?: (
    endpoint: EndpointName,
    session: Session,
    input: { query?: unknown; body?: unknown },
    result: unknown,
  ) => Promise<void>
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
    const admit = deps.admission?.[name]
    const respond = async (c: Context<AppEnv>) => {
      let release: (() => void) | undefined
      const setCookie: Record<string, string> = {}
      const cookies: Cookies = {
        get: (cookie) => getCookie(c, cookie),
        set: (cookie, value, o) => {
          setCookie['Set-Cookie'] = generateCookie(cookie, value, {
            path: o.path,
            maxAge: o.maxAgeSeconds,
            httpOnly: true,
            sameSite: 'Strict',
            secure: deps.secureCookies,
          })
        },
      }
      try {
        const person = await authenticate(c, def.auth)
        const session =
          person && deps.workspace ? await deps.workspace(person, name, c.req.header('team')) : person
        release = await admit?.({ session, ip: clientIp(c, deps.trustProxy), signal: c.req.raw.signal })
        const query = def.query
          ? await validate(def.query, c.req.query(), 'query', deps.refusalDelayMs)
          : undefined
        // Only endpoints with a body touch it: touching the body of a GET makes node-server build a full Request.
        const body = def.body
          ? await validate(
              def.body,
              def.bodyType === 'multipart'
                ? await readMultipartBody(c.req.raw, MULTIPART_LIMIT_BYTES)
                : await readJsonBody(c.req.raw, { ...API_JSON_LIMITS, refusalDelayMs: deps.refusalDelayMs }),
              'body',
              deps.refusalDelayMs,
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
          get userAgent() {
            return c.req.header('user-agent') ?? null
          },
          cookies,
        })
        if (session && deps.recorded) await deps.recorded(name, session, { query, body }, result)
        if (def.answer === 'image' || def.answer === 'pdf') {
          const file = result as HandlerResult<'previewCreation'>
          c.set('code', Code.ok)
          return c.body(bodyBytes(file.data), 200, {
            ...file.headers,
            'Content-Type': file.contentType,
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          })
        }
        let out: Envelope
        if (def.list) {
          const page = result as { items: unknown; total: number }
          out = { code: Code.ok, msg: 'ok', data: page.items, total: page.total }
        } else {
          // A fresh token rides only on an object (`data: null` stays null), so only then is one minted.
          const resetToken =
            person && typeof result === 'object' && result !== null
              ? await deps.sessions.rotateIfDue(person)
              : undefined
          out = {
            code: Code.ok,
            msg: 'ok',
            data: resetToken ? { ...(result as object), resetToken } : result,
          }
        }
        checkAnswer?.parse(out)
        return reply(c, out, setCookie)
      } catch (err) {
        if (err instanceof AppError) return reply(c, failure(err))
        throw err
      } finally {
        release?.()
      }
    }
    api.on(def.method, def.path, respond)
  }

  api.all('*', (c) =>
    reply(c, {
      code: Code.notFound,
      msg: `No API endpoint ${c.req.method} ${boundedKey(c.req.path)}`,
      data: null,
    }),
  )
  return api
}
