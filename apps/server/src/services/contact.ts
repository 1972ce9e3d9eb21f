import type { ContactMessageBody } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Limit } from '../config'
import { insertContactMessage } from '../db/contact-messages'
import type { Database } from '../db/schema'
import type { RateLimiter } from './rate-limit'

/** Stores a contact-form message; each IP may send `limit` per window (PRODUCT.md §6: 5 per hour). */
export async function submitContactMessage(
  db: Kysely<Database>,
  limiter: RateLimiter,
  limit: Limit,
  m: { body: ContactMessageBody; userId: number | null; ip: string; now: number },
): Promise<{ id: number }> {
  await limiter.consume(`contact:${m.ip}`, limit)
  const id = await insertContactMessage(db, { ...m.body, userId: m.userId, now: m.now })
  return { id }
}
