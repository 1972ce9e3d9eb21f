import { z } from 'zod'
import { issuesData } from './issues'

/** Business codes carried in the envelope's `code`; HTTP status is 200 for every handled outcome. */
export const Code = {
  ok: 0,
  invalidInput: 400,
  unauthorized: 401,
  notEnoughCredits: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  /** A valid request the server will not do as it stands (a design that takes too long to draw). */
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
} as const
export type Code = (typeof Code)[keyof typeof Code]

/** A fresh session token that rides on authenticated answers whose `data` is an object (never on lists). */
export const resetTokenField = { resetToken: z.string().optional() }

/** The envelope of every answer: `{ code, msg, data, total? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    total: z.number().int().nonnegative().optional(),
  })
}

/** `data` of a 429 answer: how long to wait before trying again. */
export const retryHint = z.object({ retryAfterSeconds: z.number().int().positive() })

/**
 * The envelope of a failed outcome: `data` is `null`, `{}`, a hint such as {@link retryHint}, or for code 400
 * the field issues by key ({@link issuesData}).
 */
export const errorEnvelope = envelope(z.union([z.null(), issuesData, retryHint, z.object({})]))
export type ErrorEnvelope = z.infer<typeof errorEnvelope>

export type Envelope<T> = { code: number; msg: string; data: T; total?: number }
