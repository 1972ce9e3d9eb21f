import type { ApiKeyScope } from '@templet/api/contract'
import type { MiddlewareHandler } from 'hono'
import type { Limit } from '../config'
import type { ApiCaller, ApiKeys, KeyCheck } from '../features/developer/api-keys'
import { bearerToken, clientIp } from '../routes/api'
import type { RateLimitStore } from '../services/rate-limit'
import type { V1Env } from './env'
import { Problem, sendProblem } from './problem'

/** Paths anyone may read without a key: the OpenAPI document and its reference page. */
const isPublic = (path: string) => /^\/v1\/(openapi\.json|docs(\/.*)?)$/.test(path)

/** Why a request without a caller is refused, and what to do. */
function refusalOf(check: KeyCheck | undefined): string {
  if (!check) return 'Send an API key as `Authorization: Bearer <key>`; create one in Developer settings'
  if (!check.ok && check.reason === 'account_deleted')
    return 'The account of this API key is being deleted; its keys work again only if its owner signs in and keeps it'
  return 'The API key is unknown or revoked; create one in Developer settings'
}

/**
 * Who is calling, and how much they may: the key's caller (401 without a valid one, except on public paths),
 * and one count in its rate-limit window (the key's, or the IP's without a key). Every answer, refusals
 * included, carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds); over the limit
 * is a 429 with `Retry-After`.
 */
export function authenticateAndLimit(d: {
  apiKeys: ApiKeys
  store: RateLimitStore
  limit: Limit
  trustProxy: boolean
  now: () => number
}): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const token = bearerToken(c)
    const check = token ? await d.apiKeys.authenticate(token) : undefined
    const caller: ApiCaller | null = check?.ok ? check.caller : null
    const now = d.now()
    const bucket = caller ? `v1:key:${caller.keyId}` : `v1:ip:${clientIp(c, d.trustProxy)}`
    const w = await d.store.increment(bucket, d.limit.windowSeconds * 1000, now)
    const resetSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000))
    const headers = {
      'RateLimit-Limit': String(d.limit.limit),
      'RateLimit-Remaining': String(Math.max(0, d.limit.limit - w.count)),
      'RateLimit-Reset': String(resetSeconds),
    }
    if (w.count > d.limit.limit)
      return sendProblem(
        c,
        new Problem('rate_limited', `Too many requests; try again in ${resetSeconds} s`, {
          retryAfterSeconds: resetSeconds,
        }),
        headers,
      )
    if (!isPublic(c.req.path)) {
      if (!caller)
        return sendProblem(c, new Problem('unauthorized', refusalOf(check)), {
          ...headers,
          'WWW-Authenticate': 'Bearer realm="templet"',
        })
      c.set('caller', caller)
    }
    await next()
    // Whichever way the answer was made (a handler's, a problem from the error handler).
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }
}

/** 403 unless the key holds one of `scopes`. */
export function requireScope(...scopes: ApiKeyScope[]): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const held = c.get('caller').scopes
    if (!scopes.some((s) => held.has(s)))
      throw new Problem(
        'forbidden',
        `This API key lacks the ${scopes.map((s) => `\`${s}\``).join(' or ')} scope; create a key with it in Developer settings`,
      )
    await next()
  }
}
