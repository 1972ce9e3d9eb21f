import type { CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema'

type Q = Kysely<Database>

interface Compilable<R> {
  compile(): CompiledQuery<R>
}

/** The SQL of every prepared query, and the name PostgreSQL prepares it under (connection.ts). */
const statementNames = new Map<string, string>()

/** The server-side statement name for `sql` when it is a prepared query's, else undefined (run it unnamed). */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql)
}

/** A value no caller sends, standing for the call's n-th argument while the query is compiled once. */
const slot = (n: number) => `\u0000templet-slot-${n}\u0000`

interface Compiled<R> {
  query: CompiledQuery<R>
  /** For each parameter of the compiled query: the argument it takes, or -1 for a constant of the query. */
  sources: number[]
}

/**
 * A query of a fixed shape, built and compiled by Kysely once per database handle and then run with each
 * call's values. Kysely builds and compiles a query on every call, which on the hottest reads (the session
 * behind every signed-in request, the user, a page of notifications) cost as much as SQLite running them.
 * On PostgreSQL it is also a server-side prepared statement, parsed and planned once per connection.
 * `build` must give the same SQL whatever its arguments: each argument may only be a value the query
 * compares or inserts (never what decides its shape, such as an optional filter).
 */
export function preparedQuery<A extends unknown[], R>(
  arity: A['length'],
  build: (db: Q, ...args: A) => Compilable<R>,
) {
  const compiled = new WeakMap<Q, Compiled<R>>()

  function compile(db: Q): Compiled<R> {
    const slots = Array.from({ length: arity }, (_, n) => slot(n))
    const query = build(db, ...(slots as A)).compile()
    const sources = query.parameters.map((p) => slots.indexOf(p as string))
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `templet_${statementNames.size + 1}`)
    for (let n = 0; n < arity; n += 1)
      if (!sources.includes(n))
        throw new Error(`preparedQuery: argument ${n} is not a parameter of ${query.sql}`)
    return { query, sources }
  }

  async function rows(db: Q, args: A): Promise<R[]> {
    let c = compiled.get(db)
    if (!c) {
      c = compile(db)
      compiled.set(db, c)
    }
    const { query, sources } = c
    const parameters = query.parameters.map((p, i) => {
      const source = sources[i] as number
      return source < 0 ? p : args[source]
    })
    const result = await db.executeQuery<R>({ ...query, parameters })
    return result.rows
  }

  return {
    all: (db: Q, ...args: A): Promise<R[]> => rows(db, args),
    first: async (db: Q, ...args: A): Promise<R | undefined> => (await rows(db, args))[0],
  }
}
