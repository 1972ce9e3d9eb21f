import type { ErrorEnvelope } from '../contract'

/** The languages the client can word its errors in. */
export type Locale = 'zh-CN' | 'en'

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'duplicate' | 'unauthorized' | 'invalid-response'

/**
 * The message of every error kind, per language; `{status}` is replaced by the HTTP status. The zh-CN
 * wording of network, timeout, http and duplicate is the product's original wording, kept word for word (the
 * English ones: docs/product.md#client-conventions).
 */
export const apiErrorMessages: Record<Locale, Record<ApiErrorKind, string>> = {
  'zh-CN': {
    network: '后端接口连接异常',
    timeout: '系统接口请求超时',
    http: '系统接口{status}异常',
    duplicate: '重复请求已取消',
    unauthorized: '登录已失效，请重新登录',
    'invalid-response': '系统接口返回数据异常',
  },
  en: {
    network: 'Cannot reach the server',
    timeout: 'The server took too long to answer',
    http: 'Server error {status}',
    duplicate: 'Duplicate request cancelled',
    unauthorized: 'Your session has ended, please sign in again',
    'invalid-response': 'The server sent an answer that could not be read',
  },
}

export const defaultLocale: Locale = 'zh-CN'

/** Which request failed: the endpoint's method and path under the base URL (no query, no host). */
export interface ApiRequestInfo {
  method: string
  path: string
}

interface ApiErrorInit extends ApiRequestInfo {
  locale?: Locale
  cause?: unknown
}

function wording(kind: ApiErrorKind, locale: Locale, status: number | undefined): string {
  return apiErrorMessages[locale][kind].replace('{status}', String(status ?? ''))
}

/**
 * Every failure of a call that is not the caller's own abort. `kind` tells them apart in a `switch`,
 * `instanceof` works too; `message` is worded in the client's locale, {@link messageFor} words it in another.
 */
export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind
  /** Spelled out in each subclass rather than taken from the class: a minifier renames classes. */
  abstract override readonly name: string
  /** The HTTP status of the answer, when there was one. */
  readonly status: number | undefined
  readonly method: string
  readonly path: string

  protected constructor(kind: ApiErrorKind, init: ApiErrorInit, status?: number) {
    super(wording(kind, init.locale ?? defaultLocale, status), { cause: init.cause })
    this.status = status
    this.method = init.method
    this.path = init.path
  }
}

/** The request never got an answer: refused connection, DNS failure, connection dropped mid-answer. */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError'
  readonly kind = 'network'
  constructor(init: ApiErrorInit) {
    super('network', init)
  }
}

/** No complete answer within the client's (or the call's) `timeoutMs`; the request was aborted. */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError'
  readonly kind = 'timeout'
  readonly timeoutMs: number
  constructor(init: ApiErrorInit & { timeoutMs: number }) {
    super('timeout', init)
    this.timeoutMs = init.timeoutMs
  }
}

/**
 * The answer had a non-2xx HTTP status. The server answers every handled outcome with HTTP 200 and a
 * business code, so this is a failure outside the handlers (a proxy, a crash); `body` is the envelope
 * if the answer carried one, for logs — its `code` is not acted on.
 */
export class HttpStatusError extends ApiError {
  override readonly name = 'HttpStatusError'
  readonly kind = 'http'
  declare readonly status: number
  readonly body: ErrorEnvelope | undefined
  constructor(init: ApiErrorInit & { status: number; body?: ErrorEnvelope }) {
    super('http', init, init.status)
    this.body = init.body
  }
}

/** An identical request (method, path, query and body) was still in flight; this one was never sent. */
export class DuplicateRequestError extends ApiError {
  override readonly name = 'DuplicateRequestError'
  readonly kind = 'duplicate'
  constructor(init: ApiErrorInit) {
    super('duplicate', init)
  }
}

/**
 * A request sent with a token was refused as not signed in (business code 401, or HTTP status 401).
 * `status` is always 401; `body` is the envelope when there was one.
 */
export class UnauthorizedError extends ApiError {
  override readonly name = 'UnauthorizedError'
  readonly kind = 'unauthorized'
  declare readonly status: 401
  readonly body: ErrorEnvelope | undefined
  constructor(init: ApiErrorInit & { body?: ErrorEnvelope }) {
    super('unauthorized', init, 401)
    this.body = init.body
  }
}

/** A 2xx answer whose body is not a JSON envelope (an HTML page from a misrouted proxy, say). */
export class InvalidResponseError extends ApiError {
  override readonly name = 'InvalidResponseError'
  readonly kind = 'invalid-response'
  declare readonly status: number
  constructor(init: ApiErrorInit & { status: number }) {
    super('invalid-response', init, init.status)
  }
}

/** The message of `error` in `locale`, whatever locale the error was created in. */
export function messageFor(error: ApiError, locale: Locale): string {
  return wording(error.kind, locale, error.status)
}
