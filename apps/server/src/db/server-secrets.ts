import type { Kysely } from 'kysely'
import type { Database } from './schema'

/** The named secret, made by `make` on first use; every process of one database gets the same value. */
export async function sharedSecret(db: Kysely<Database>, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return row.value
}
