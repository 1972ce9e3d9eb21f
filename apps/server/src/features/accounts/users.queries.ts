import type { Kysely } from 'kysely'
import { preparedQuery } from '../../db/prepared'
import type { Database, UserRow } from '../../db/schema'

type Q = Kysely<Database>

export async function insertUser(
  db: Q,
  u: {
    email: string
    name: string
    passwordHash: string
    now: number
    locale: string
    verifiedAt: number | null
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: u.email,
      name: u.name,
      password_hash: u.passwordHash,
      created_at: u.now,
      locale: u.locale,
      email_verified_at: u.verifiedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

const userWithCredits = preparedQuery(1, (db, id: number) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('credit_ledger')
        .select((l) => l.fn.coalesce(l.fn.sum<number>('credit_ledger.delta'), l.lit(0)).as('b'))
        .whereRef('credit_ledger.user_id', '=', 'users.id')
        .$asScalar()
        .$notNull()
        .as('credits'),
    )
    .where('users.id', '=', id),
)

/** The user and their credit balance (the sum of their ledger rows) in one round trip. */
export function findUserWithCredits(db: Q, id: number): Promise<(UserRow & { credits: number }) | undefined> {
  return userWithCredits.first(db, id)
}

export async function updateUserRow(
  db: Q,
  id: number,
  set: Partial<
    Pick<UserRow, 'name' | 'locale' | 'email' | 'password_hash' | 'email_verified_at' | 'delete_after'>
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set(set)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export function findUserById(db: Q, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}
