import { z } from '@hono/zod-openapi'
import { ProblemDetails } from './schemas'

export const SECURITY = 'apiKey'

/** The rate-limit headers every answer carries. */
export const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Requests allowed per window (per API key; per IP without one)',
    schema: { type: 'integer' as const },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in this window',
    schema: { type: 'integer' as const },
  },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' as const } },
}

const problemMeaning: Record<number, string> = {
  400: 'Invalid request: `issues` lists each problem by key (the same issues as the app)',
  401: 'No API key, or an unknown or revoked one',
  402: 'Not enough credits: buy more in the app',
  403: 'The API key lacks the scope this needs',
  404: 'Not found (or not yours)',
  409: 'Conflict: an `Idempotency-Key` reused with another request or still running, or a state that forbids it',
  413: 'The body is too large',
  415: 'The body’s Content-Type is not accepted here',
  429: 'Too many requests: wait `Retry-After` seconds',
  500: 'Something went wrong on our side',
}

const problemExample = (status: number) => ({
  type: `https://templet.app/problems/${
    {
      400: 'invalid_request',
      401: 'unauthorized',
      402: 'insufficient_credits',
      403: 'forbidden',
      404: 'not_found',
      409: 'conflict',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
      500: 'internal',
    }[status]
  }`,
  title: problemMeaning[status]?.split(':')[0] ?? 'Error',
  status,
  detail: status === 400 ? 'values.title: Must be at most 80 characters' : (problemMeaning[status] ?? ''),
  ...(status === 400
    ? { issues: [{ path: ['values', 'title'], code: 'too_big', params: { maximum: 80, origin: 'string' } }] }
    : {}),
})

/** The error answers of an operation, each a documented problem with an example. */
export function problems(...statuses: number[]) {
  const all = [...new Set([...statuses, 401, 429, 500])].sort()
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: problemMeaning[status] ?? 'Error',
        headers: {
          ...rateLimitHeaders,
          ...(status === 429
            ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } } }
            : {}),
        },
        content: { 'application/problem+json': { schema: ProblemDetails, example: problemExample(status) } },
      },
    ]),
  ) as Record<
    number,
    { description: string; content: { 'application/problem+json': { schema: typeof ProblemDetails } } }
  >
}

/** A JSON success answer with the rate-limit headers. */
export function ok<T extends z.ZodType>(
  schema: T,
  description: string,
  extraHeaders: Record<string, { description: string; schema: { type: 'string' } }> = {},
) {
  return {
    description,
    headers: { ...rateLimitHeaders, ...extraHeaders },
    content: { 'application/json': { schema } },
  }
}

export const idempotencyHeader = z.object({
  'idempotency-key': z.string().max(255).optional().openapi({
    description:
      'Any unique string (a UUID): for 24 hours, the same key with the same body answers the first answer again, without running (or charging) twice; the same key with another body is a 409.',
    example: '5f1c0a8e-0d4b-4b8e-9b1a-2f6f3b1f7c11',
  }),
})
