import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  takeOverIdempotencyKey,
} from '../db/idempotency-keys'
import type { Database, IdempotencyKeyRow } from '../db/schema'
import type { V1Env } from './env'
import { Problem } from './problem'

/** How long a key's first answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000
/** A request still pending after this is taken for dead (its process stopped) and its key may be run again. */
const LOCK_MS = 120_000
/** How long a repeat waits for the first request's answer before saying it is still running. */
const WAIT_MS = 60_000
/** The answer's headers a replay repeats. */
const KEPT_HEADERS = ['content-type', 'location', 'preference-applied']

/** JSON with its object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

function fingerprintOf(method: string, url: URL, contentType: string, body: string): string {
  let canonical = body
  if (/json/i.test(contentType) && body.trim() !== '') {
    try {
      canonical = canonicalJson(JSON.parse(body))
    } catch {
      // Malformed JSON is compared as it was sent (the handler refuses it anyway).
    }
  }
  return createHash('sha256')
    .update(
      `${method} ${url.pathname}${url.search}\n${contentType.split(';')[0]?.trim() ?? ''}\n${canonical}`,
    )
    .digest('hex')
}

function replay(c: Parameters<MiddlewareHandler<V1Env>>[0], row: IdempotencyKeyRow): Response {
  const headers = JSON.parse(row.response_headers ?? '{}') as Record<string, string>
  c.set('code', row.response_status ?? 200)
  // The app's middleware adds the common headers (request id, security) to every answer, replays included.
  return new Response(row.response_body ?? '', {
    status: row.response_status ?? 200,
    headers: { ...headers, 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' },
  })
}

/**
 * `Idempotency-Key` on a POST: the first request with a key runs and its answer, when it succeeded, is kept for
 * 24 hours; a repeat with the same method, path and body gets that answer again without running (so nothing is
 * charged twice), also while the first is still running (it waits for it); the same key with another request is
 * a 409. A refusal (4xx) changed nothing and a 5xx may be ours, so either releases the key: the request can be
 * sent again with the same key once the caller has fixed its body or bought credits. The claim is one insert on
 * the key's primary key, so it holds across processes.
 */
export function idempotency(d: { db: Kysely<Database>; now: () => number }): MiddlewareHandler<V1Env> {
  return async (c, next) => {
    const sent = c.req.header('idempotency-key')
    if (c.req.method !== 'POST' || sent === undefined) return next()
    if (!/^[\x21-\x7e]{1,255}$/.test(sent))
      throw new Problem(
        'invalid_request',
        'Idempotency-Key: Use 1 to 255 visible ASCII characters, e.g. a UUID',
        {
          issues: [{ path: ['Idempotency-Key'], code: 'invalid_format', params: {} }],
        },
      )
    const { userId, livemode } = c.get('caller')
    // Each mode has keys of its own, as Stripe's do: a test request must never replay a live answer. A space
    // cannot be sent in a key, so no live key reads as a test one.
    const key = livemode ? sent : `test ${sent}`
    const fingerprint = fingerprintOf(
      c.req.method,
      new URL(c.req.url),
      c.req.header('content-type') ?? '',
      await c.req.text(),
    )

    const claim = async (): Promise<IdempotencyKeyRow | 'mine'> => {
      const started = Date.now()
      for (;;) {
        const now = d.now()
        if (
          await claimIdempotencyKey(d.db, {
            userId,
            key,
            fingerprint,
            now,
            ttlMs: IDEMPOTENCY_TTL_MS,
            lockMs: LOCK_MS,
          })
        )
          return 'mine'
        const row = await findIdempotencyKey(d.db, userId, key)
        if (!row) continue // released or expired between the two statements: claim again
        if (row.expires_at <= now) {
          await deleteExpiredIdempotencyKey(d.db, userId, key, now)
          continue
        }
        if (row.fingerprint !== fingerprint)
          throw new Problem(
            'idempotency_key_reused',
            'This Idempotency-Key was first sent with another method, path or body; use a new key for a new request',
          )
        if (row.status === 'done') return row
        if (
          row.locked_until <= now &&
          (await takeOverIdempotencyKey(d.db, { userId, key, now, lockMs: LOCK_MS }))
        )
          return 'mine'
        if (Date.now() - started > WAIT_MS)
          throw new Problem(
            'idempotency_key_in_use',
            'The first request with this Idempotency-Key is still running; retry later',
            {
              retryAfterSeconds: 1,
            },
          )
        await sleep(50)
      }
    }

    const claimed = await claim()
    if (claimed !== 'mine') return replay(c, claimed)
    try {
      await next()
    } catch (err) {
      await releaseIdempotencyKey(d.db, userId, key)
      throw err
    }
    const res = c.res
    if (res.status >= 400) {
      await releaseIdempotencyKey(d.db, userId, key)
      return
    }
    const headers: Record<string, string> = {}
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name)
      if (value !== null) headers[name] = value
    }
    await storeIdempotentAnswer(d.db, {
      userId,
      key,
      status: res.status,
      headers,
      body: await res.clone().text(),
    })
  }
}
