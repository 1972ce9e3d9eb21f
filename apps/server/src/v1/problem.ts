import { Code, type FieldIssue } from '@templet/api/contract'
import type { Context } from 'hono'
import { AppError } from '../errors'
import type { V1Env } from './env'

/**
 * The kinds of refusal `/v1` answers, each an RFC 9457 problem type: `type` is `PROBLEM_BASE` + the slug, and
 * the slug says what a program should do about it.
 */
export const problemTypes = {
  invalid_request: { status: 400, title: 'The request is not valid' },
  unauthorized: { status: 401, title: 'A valid API key is required' },
  insufficient_credits: { status: 402, title: 'Not enough credits' },
  forbidden: { status: 403, title: 'The API key may not do this' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'The endpoint does not take this method' },
  conflict: { status: 409, title: 'Conflict' },
  idempotency_key_reused: { status: 409, title: 'This Idempotency-Key was used with another request' },
  idempotency_key_in_use: { status: 409, title: 'A request with this Idempotency-Key is still running' },
  payload_too_large: { status: 413, title: 'The request body is too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Content-Type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Something went wrong on our side' },
  render_failed: { status: 500, title: 'The render failed' },
  render_too_slow: { status: 422, title: 'The design takes too long to draw' },
  render_too_large: { status: 422, title: 'The design needs too much memory to draw' },
  render_not_drawable: { status: 422, title: 'The design cannot be drawn' },
} as const
export type ProblemSlug = keyof typeof problemTypes

/** Problem types are named by URI; these are identifiers, listed with their meaning in the OpenAPI document. */
export const PROBLEM_BASE = 'https://templet.app/problems/'

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  issues?: FieldIssue[]
  /** How many more issues there were than `issues` lists. */
  omitted?: number
}

/** A refusal of `/v1`, thrown by handlers and answered as `application/problem+json`. */
export class Problem extends Error {
  override name = 'Problem'
  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly extra: {
      issues?: FieldIssue[] | undefined
      omitted?: number | undefined
      retryAfterSeconds?: number
      balance?: number
      /** The methods the endpoint takes, for a 405's `Allow`. */
      allow?: string[]
    } = {},
  ) {
    super(detail)
  }

  get status(): number {
    return problemTypes[this.slug].status
  }

  body(): ProblemBody {
    return {
      type: `${PROBLEM_BASE}${this.slug}`,
      title: problemTypes[this.slug].title,
      status: this.status,
      detail: this.detail,
      ...(this.extra.issues ? { issues: this.extra.issues } : {}),
      ...(this.extra.omitted ? { omitted: this.extra.omitted } : {}),
    }
  }
}

const slugOfCode: Partial<Record<number, ProblemSlug>> = {
  [Code.invalidInput]: 'invalid_request',
  [Code.unauthorized]: 'unauthorized',
  [Code.notEnoughCredits]: 'insufficient_credits',
  [Code.forbidden]: 'forbidden',
  [Code.notFound]: 'not_found',
  [Code.conflict]: 'conflict',
  [Code.payloadTooLarge]: 'payload_too_large',
  [Code.unsupportedMediaType]: 'unsupported_media_type',
  [Code.tooManyRequests]: 'rate_limited',
  [Code.unprocessable]: 'render_too_slow',
}

/** The 422s that are not too slow, by the refusal's class. */
const slugOfName: Partial<Record<string, ProblemSlug>> = {
  RenderTooLarge: 'render_too_large',
  RenderNotDrawable: 'render_not_drawable',
}

/**
 * The services' refusals (the app's business codes) as problems: the same message, issues and count of the rest.
 * A render that outgrew its thread's memory (`RenderTooLarge`) or that the renderer failed to draw
 * (`RenderNotDrawable`) is a 422 told apart by its name.
 */
export function problemOf(err: Pick<AppError, 'code' | 'message' | 'data' | 'name'>): Problem {
  const { issues, omitted } = (err.data ?? {}) as { issues?: FieldIssue[]; omitted?: number }
  const slug = slugOfName[err.name] ?? slugOfCode[err.code] ?? 'internal'
  return new Problem(slug, err.message, { issues, omitted })
}

export function toProblem(err: unknown): Problem | undefined {
  if (err instanceof Problem) return err
  if (err instanceof AppError) return problemOf(err)
  return undefined
}

/** Answers with the problem: its status, `application/problem+json`, and `Retry-After` when it says so. */
export function sendProblem(c: Context<V1Env>, p: Problem, headers: Record<string, string> = {}): Response {
  c.set('code', p.status)
  return new Response(JSON.stringify(p.body()), {
    status: p.status,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      ...(p.extra.retryAfterSeconds !== undefined
        ? { 'Retry-After': String(p.extra.retryAfterSeconds) }
        : {}),
      ...(p.extra.allow ? { Allow: p.extra.allow.join(', ') } : {}),
      ...headers,
    },
  })
}
