import type { z } from 'zod'
import type {
  Code,
  EndpointArgs,
  EndpointData,
  EndpointName,
  ErrorEnvelope,
  IssuesData,
  retryHint,
} from '../contract'
// The routes only, not the registry: the schemas (and zod) stay out of an app that just calls the API.
import { type EndpointRoute, endpointRoutes } from '../contract/routes'
import {
  type ApiError,
  type ApiRequestInfo,
  DuplicateRequestError,
  HttpStatusError,
  InvalidResponseError,
  type Locale,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from './errors'
import { queryString, stableStringify } from './request-key'
import { authTokenOf, type SessionStore } from './session'

export interface ApiClientOptions {
  /** Prefix of every endpoint path; `/api` by default, an absolute URL outside the browser. */
  baseUrl?: string
  /** How long a call may take, answer body included, before it fails with {@link TimeoutError}. */
  timeoutMs?: number
  /** Where the token comes from and where a rotated one goes. */
  session: SessionStore
  /**
   * Called once when a request sent with the current token is refused as not signed in (business code 401
   * or HTTP 401), after the client has cleared `session`. The app navigates to its sign-in page here.
   */
  onUnauthorized: (error: UnauthorizedError) => void
  /** The language of `error.message`, or a function read each time an error is made (for a language switch). */
  locale?: Locale | (() => Locale)
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch
  /**
   * The team whose workspace the calls act in, sent as the header `Team: <id>`, read for each call; undefined
   * for the person's own. The server ignores it on endpoints about the person.
   */
  team?: () => string | undefined
}

/** Per call: what the caller can add to the endpoint's query and body. */
export interface CallOptions {
  /** Aborting it rejects the call with the signal's `reason` (an `AbortError` by default), not an ApiError. */
  signal?: AbortSignal
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number
  /** Sends the call even if an identical one is in flight (two widgets loading the same list, say). */
  allowDuplicate?: boolean
  /**
   * On a multipart endpoint (an upload): called as the request body goes out. The call is then sent with
   * XMLHttpRequest where there is one (fetch reports no upload progress), else with fetch and no progress.
   */
  onUploadProgress?: (progress: UploadProgress) => void
}

/** Bytes of the request body sent so far, of `total`. */
export interface UploadProgress {
  loaded: number
  total: number
}

export type CallArgs<N extends EndpointName> = EndpointArgs<N> & CallOptions

/** The arguments are optional when the endpoint requires nothing (no body, only optional query fields). */
export type CallParams<N extends EndpointName> =
  Partial<EndpointArgs<N>> extends EndpointArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>]

/** A business code other than success. */
export type FailureCode = Exclude<Code, 0>

/**
 * `data` of a failed outcome once `null` became `{}`: empty, a hint such as `retryAfterSeconds` on 429, or
 * the field `issues` by key on 400.
 */
export type ApiFailureData = Partial<z.infer<typeof retryHint>> & Partial<IssuesData>

export interface ApiSuccess<N extends EndpointName> {
  code: 0
  msg: string
  data: EndpointData<N>
  /** On list answers: the count over all pages. */
  total?: number
  /** On image and PDF answers: the answer's headers (the preview's `Truncated-Fields`, a PDF's `Content-Disposition`). */
  headers?: Headers
}

export interface ApiFailure {
  code: FailureCode
  msg: string
  data: ApiFailureData
  total?: number
}

/** The envelope a call resolves with; `if (res.code === 0)` narrows `data` to the endpoint's type. */
export type ApiResult<N extends EndpointName> = ApiSuccess<N> | ApiFailure

export interface ApiClient {
  /**
   * Calls endpoint `name` of the contract. Resolves with the envelope for every business code, except a 401
   * on a request sent with a token, which rejects with {@link UnauthorizedError}. Rejects with an
   * {@link ApiError} subclass when there is no usable answer, or with the signal's reason when aborted.
   */
  call<N extends EndpointName>(name: N, ...args: CallParams<N>): Promise<ApiResult<N>>
}

/** The Content-Type a successful bytes answer starts with; anything else is read as the envelope. */
const BINARY_TYPES = { image: 'image/', pdf: 'application/pdf' } as const

interface WireArgs extends CallOptions {
  query?: unknown
  body?: unknown
}

type JsonObject = Record<string, unknown>

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  return isJsonObject(value) && typeof value.code === 'number' && typeof value.msg === 'string'
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session, onUnauthorized } = options
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '')
  const clientTimeoutMs = options.timeoutMs ?? 500_000
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const localeOption = options.locale
  /** How many requests are in flight per key (method, path, sorted query, key-sorted body). */
  const inFlight = new Map<string, number>()

  const localeNow = (): Locale | undefined =>
    typeof localeOption === 'function' ? localeOption() : localeOption

  /** A rotated token replaces the one the request was sent with, never a session that changed meanwhile. */
  function storeRotatedToken(sentToken: string | null, data: unknown): void {
    if (!sentToken || !isJsonObject(data)) return
    const { resetToken } = data
    if (typeof resetToken !== 'string' || resetToken === '') return
    const current = session.get()
    if (current && authTokenOf(current) === sentToken) session.set({ ...current, accessToken: resetToken })
  }

  /**
   * Signs out only if the refused token is still the session's: a late 401 for a token that has since been
   * rotated or replaced by a new sign-in must not end the new session, and concurrent 401s notify once.
   */
  function refuse(sentToken: string, request: ApiRequestInfo, body: unknown): never {
    const error = new UnauthorizedError({
      ...request,
      locale: localeNow(),
      body: isEnvelope(body) ? body : undefined,
    })
    if (authTokenOf(session.get()) === sentToken) {
      session.clear()
      onUnauthorized(error)
    }
    throw error
  }

  function readAnswer(
    status: number,
    text: string,
    sentToken: string | null,
    request: ApiRequestInfo,
  ): ApiResult<EndpointName> {
    const body = parseJson(text)
    if (status === 401 && sentToken) refuse(sentToken, request, body)
    if (status < 200 || status > 299) {
      throw new HttpStatusError({
        ...request,
        locale: localeNow(),
        status,
        body: isEnvelope(body) ? body : undefined,
      })
    }
    const code = isJsonObject(body) ? (body.code ?? 0) : undefined
    if (!isJsonObject(body) || typeof code !== 'number') {
      throw new InvalidResponseError({ ...request, locale: localeNow(), status })
    }
    if (code === 401 && sentToken) refuse(sentToken, request, body)
    const data = body.data ?? {}
    storeRotatedToken(sentToken, data)
    return {
      ...body,
      code,
      msg: typeof body.msg === 'string' ? body.msg : '',
      data,
    } as ApiResult<EndpointName>
  }

  let multipartSeq = 0

  async function call(name: EndpointName, args: WireArgs = {}): Promise<ApiResult<EndpointName>> {
    const def: EndpointRoute = endpointRoutes[name]
    const request: ApiRequestInfo = { method: def.method, path: def.path }
    const { signal } = args
    signal?.throwIfAborted()

    const query = queryString(args.query)
    const multipart = def.bodyType === 'multipart'
    const body =
      def.method === 'GET' ? undefined : multipart ? formDataOf(args.body) : stableStringify(args.body ?? {})
    // A file cannot be compared cheaply: each multipart call has its own key (no duplicate check).
    const key = multipart
      ? `${def.method} ${def.path} #${++multipartSeq}`
      : `${def.method} ${def.path}?${query} ${body ?? ''}`
    if (inFlight.has(key) && !args.allowDuplicate) {
      throw new DuplicateRequestError({ ...request, locale: localeNow() })
    }

    const timeoutMs = args.timeoutMs ?? clientTimeoutMs
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      if (controller.signal.aborted) return
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const forwardAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forwardAbort, { once: true })
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1)

    try {
      const sentToken = authTokenOf(session.get())
      // fetch sets the multipart Content-Type with its boundary itself.
      const headers: Record<string, string> = multipart ? {} : { 'Content-Type': 'application/json' }
      if (sentToken) headers.Authorization = `Bucket ${sentToken}`
      const team = options.team?.()
      if (team) headers.Team = team
      const url = `${baseUrl}${def.path}${query ? `?${query}` : ''}`

      let status: number
      let text: string
      try {
        if (multipart && args.onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
          const answer = await sendWithProgress(url, def.method, headers, body as FormData, {
            signal: controller.signal,
            onProgress: args.onUploadProgress,
          })
          return readAnswer(answer.status, answer.text, sentToken, request)
        }
        const response = await fetchImpl(url, {
          method: def.method,
          headers,
          body,
          signal: controller.signal,
        })
        status = response.status
        const binary = def.answer && def.answer !== 'envelope' ? BINARY_TYPES[def.answer] : undefined
        if (binary && status === 200 && response.headers.get('content-type')?.startsWith(binary)) {
          return {
            code: 0,
            msg: 'ok',
            data: await response.blob(),
            headers: response.headers,
          } as ApiResult<EndpointName>
        }
        text = await response.text()
      } catch (cause) {
        if (timedOut) throw new TimeoutError({ ...request, locale: localeNow(), timeoutMs, cause })
        if (signal?.aborted) throw signal.reason
        throw new NetworkError({ ...request, locale: localeNow(), cause })
      }
      return readAnswer(status, text, sentToken, request)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forwardAbort)
      const left = (inFlight.get(key) ?? 1) - 1
      if (left > 0) inFlight.set(key, left)
      else inFlight.delete(key)
    }
  }

  return { call: call as ApiClient['call'] }
}

/**
 * One request through XMLHttpRequest, for its upload progress events; resolves with the status and the body
 * text like fetch would, rejects on a network failure or when `signal` aborts (with the signal's reason).
 */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress({ loaded: event.loaded, total: event.total })
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.onerror = () => reject(new TypeError('network error'))
    xhr.onabort = () => reject(options.signal.reason ?? new DOMException('aborted', 'AbortError'))
    options.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}

/** The body object of a multipart endpoint as form parts (a Blob/File part keeps its file name). */
function formDataOf(body: unknown): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v instanceof Blob) form.append(k, v)
    else if (v !== undefined) form.append(k, String(v))
  }
  return form
}
