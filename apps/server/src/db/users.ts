import type { Kysely } from 'kysely'
import type { Database, UserRow } from './schema'

type Q = Kysely<Database>

export async function insertUser(
  db: Q,
  u: { email: string; name: string; passwordHash: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ email: u.email, name: u.name, password_hash: u.passwordHash, created_at: u.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

export function findUserById(db: Q, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}
