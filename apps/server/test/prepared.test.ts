import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openPostgres } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { preparedQuery } from '../src/db/prepared'
import { findSessionByHash } from '../src/features/accounts/sessions.queries'
import { engines, freshDb } from './harness'

const userByIdAndEmail = preparedQuery(2, (db, email: string, id: number) =>
  // The arguments in the opposite order to the query's parameters.
  db.selectFrom('users').select(['id', 'email']).where('id', '=', id).where('email', '=', email),
)

describe.each(engines)('prepared queries on %s', (engine) => {
  let db: Db
  let drop: () => Promise<void>
  let ids: number[]
  beforeAll(async () => {
    ;({ db, drop } = await freshDb(engine))
    await migrate(db)
    ids = []
    for (const email of ['a@example.com', 'b@example.com']) {
      const row = await db.kysely
        .insertInto('users')
        .values({ email, name: email, password_hash: 'x', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
    }
  })
  afterAll(() => drop())

  it("puts each call's values where the query takes them, call after call", async () => {
    const [a, b] = ids as [number, number]
    expect(await userByIdAndEmail.first(db.kysely, 'a@example.com', a)).toEqual({
      id: a,
      email: 'a@example.com',
    })
    expect(await userByIdAndEmail.first(db.kysely, 'b@example.com', b)).toEqual({
      id: b,
      email: 'b@example.com',
    })
    expect(await userByIdAndEmail.first(db.kysely, 'a@example.com', b)).toBeUndefined()
    expect(await userByIdAndEmail.all(db.kysely, 'b@example.com', b)).toHaveLength(1)
  })

  it('refuses a query whose argument is not one of its parameters', async () => {
    const shapeByArgument = preparedQuery(1, (d, _unused: number) => d.selectFrom('users').select('id'))
    await expect(shapeByArgument.all(db.kysely, 1)).rejects.toThrow(/argument 0 is not a parameter/)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let db: Db
  let url: string
  let drop: () => Promise<void>
  let single: Db
  beforeAll(async () => {
    const fresh = await freshDb('postgres')
    ;({ db, drop } = fresh)
    url = fresh.url as string
    await migrate(db)
    const user = await db.kysely
      .insertInto('users')
      .values({ email: 'p@example.com', name: 'P', password_hash: 'x', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.kysely
      .insertInto('sessions')
      .values({ user_id: user.id, token_hash: 'h1', created_at: 1, expires_at: 2 })
      .execute()
    // One connection, so that what it prepared can be seen from it.
    single = openPostgres(url, 1)
  })
  afterAll(async () => {
    await single.close()
    await drop()
  })

  it("is parsed once per connection: the server holds it by name in that connection's session", async () => {
    expect((await findSessionByHash(single.kysely, 'h1'))?.token_hash).toBe('h1')
    expect((await findSessionByHash(single.kysely, 'h1'))?.token_hash).toBe('h1')
    const held = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(single.kysely)
    const session = held.rows.find((r) => r.statement.includes('"token_hash" = $1'))
    expect(session?.name).toMatch(/^templet_\d+_\d+$/)
  })

  it('answers after another process changed what a prepared select returns (a migration added a column)', async () => {
    expect((await findSessionByHash(single.kysely, 'h1'))?.token_hash).toBe('h1')
    await sql`alter table sessions add column device text`.execute(db.kysely)
    const row = await findSessionByHash(single.kysely, 'h1')
    expect(row?.token_hash).toBe('h1')
    expect(row).toHaveProperty('device', null)
  })
})
