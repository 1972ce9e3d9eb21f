import type { Kysely } from 'kysely'
import type { Limit } from '../config'
import type { Database } from '../db/schema'
import { submitContactMessage } from '../services/contact'
import type { RateLimiter } from '../services/rate-limit'
import type { Handlers } from './api'

export function contactHandlers(
  db: Kysely<Database>,
  limiter: RateLimiter,
  limit: Limit,
  now: () => number,
): Pick<Handlers, 'contactMessage'> {
  return {
    contactMessage: ({ body, session, ip }) =>
      submitContactMessage(db, limiter, limit, { body, userId: session?.userId ?? null, ip, now: now() }),
  }
}
