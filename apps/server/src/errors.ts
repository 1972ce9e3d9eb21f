import { Code } from '@templet/api/contract'

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

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError'
  constructor(readonly retryAfterSeconds: number) {
    super(Code.tooManyRequests, `Too many attempts; try again in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    })
  }
}
