import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

export async function insertContactMessage(
  db: Kysely<Database>,
  m: { userId: number | null; name: string; email: string; message: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ user_id: m.userId, name: m.name, email: m.email, message: m.message, created_at: m.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
