import type { components } from './generated/v1-api'

export type Problem = components['schemas']['Problem']

/**
 * A refusal of the API as an error: its HTTP status and its RFC 9457 problem (`type`, `detail`, and for a 400 the
 * `issues` by field). `type` ends in the slug a program acts on (`insufficient_credits`, `rate_limited` …).
 */
export class TempletError extends Error {
  override name = 'TempletError'
  readonly status: number
  readonly problem: Problem
  /** Seconds the answer asked to wait before trying again (429, 409 for a key still in use), when it said. */
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, problem: Problem, retryAfter?: string | null) {
    super(problem.detail || problem.title)
    this.status = status
    this.problem = problem
    const seconds = retryAfter ? Number(retryAfter) : Number.NaN
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined
  }

  /** The problem's slug: `https://templet.app/problems/rate_limited` → `rate_limited`. */
  get slug(): string {
    return this.problem.type.slice(this.problem.type.lastIndexOf('/') + 1)
  }
}
