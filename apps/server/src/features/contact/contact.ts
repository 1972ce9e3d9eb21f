import type { ContactMessageBody } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import type { Database } from '../../db/schema'
import type { RateLimiter } from '../../services/rate-limit'
import { insertContactMessage } from './contact-messages.queries'

export class ContactMessages {
  constructor(
    private readonly d: { db: Kysely<Database>; limiter: RateLimiter; limit: Limit; now: () => number },
  ) {}

  /** Stores a contact-form message; each IP may send `limit` per window (5 per hour by default: docs/product.md#limits). */
  async submit(m: { body: ContactMessageBody; userId: number | null; ip: string }): Promise<{ id: number }> {
    await this.d.limiter.consume(`contact:${m.ip}`, this.d.limit)
    const id = await insertContactMessage(this.d.db, { ...m.body, userId: m.userId, now: this.d.now() })
    return { id }
  }
}
