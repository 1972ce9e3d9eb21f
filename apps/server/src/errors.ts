import { Code, type FieldIssue, type IssuesData } from '@templet/api/contract'
import { type Size, sizeOf, type Template, templatePages, UnknownSizeError } from '@templet/template'

/**
 * A handled outcome that is not a success: a business code from the contract, a message a person can read,
 * and optional `data` (such as a retry hint). Routes turn it into the envelope; anything else is a 500.
 */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly code: Code,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new AppError(Code.notFound, `${what} not found`)

/**
 * A code-400 naming one field: `msg` "field: message" for people, and the same by key in `data.issues` for
 * clients that word it themselves (every code-400 carries `issues`). `path` `[]` is the whole body.
 */
export function invalidInput(
  path: FieldIssue['path'],
  message: string,
  issue: { code?: FieldIssue['code']; params?: FieldIssue['params'] } = {},
): AppError {
  return new AppError(Code.invalidInput, `${path.length > 0 ? path.join('.') : 'body'}: ${message}`, {
    issues: [{ path, code: issue.code ?? 'invalid', params: issue.params ?? {} }],
  } satisfies IssuesData)
}

/**
 * The size a request asks for (`sizeOf`: the default size when it names none); an id the template does not have
 * is the request's 400 naming `field` (`sizeId` on `/api`, `size_id` on `/v1`) and the sizes there are.
 */
export function requestedSize(t: Template, id: string | undefined, field: string): Size {
  try {
    return sizeOf(t, id)
  } catch (e) {
    if (!(e instanceof UnknownSizeError)) throw e
    throw invalidInput([field], `Must be one of ${e.sizeIds.join(', ')}`, {
      code: 'invalid_value',
      params: { options: e.sizeIds.join(',') },
    })
  }
}

/**
 * The page a request asks for, checked against the design's pages (ADR 0198); one it lacks is the request's 400
 * naming `field` and the pages there are, by index and name ("0 (Cover), 1 (Dishes)").
 */
export function requestedPage(t: Template, index: number, field: string): number {
  const pages = templatePages(t)
  if (index < pages.length) return index
  const named = pages.map((p, i) => `${i} (${p.name})`).join(', ')
  throw invalidInput([field], `The design has no page ${index}; its pages are ${named}`, {
    code: 'invalid_value',
    params: { options: pages.map((_, i) => i).join(',') },
  })
}

/** A wait as people say it: "45 seconds" under a minute, else whole minutes rounded up ("15 minutes"). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError'
  constructor(
    readonly retryAfterSeconds: number,
    what = 'Too many attempts',
  ) {
    super(Code.tooManyRequests, `${what}; try again in ${waitText(retryAfterSeconds)}`, {
      retryAfterSeconds,
    })
  }
}

/**
 * Throws `err` after `delayMs` (`ABUSIVE_REFUSAL_DELAY_MS`, default 1 s), for a request refused for a shape no
 * client of the API ever sends (more values or nesting than the limits, more problems than an answer lists): a
 * sender in a loop then gets one refusal a second per connection instead of taking the process's time from
 * everyone else. The wait holds a timer, not the CPU, and the body is not read meanwhile.
 */
export async function refuseSlowly(err: Error, delayMs: number): Promise<never> {
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
  throw err
}
