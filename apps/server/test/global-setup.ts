import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres, openSqlite } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { seedCatalogue } from '../src/features/templates/catalogue'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file migrated and seeded once per run, which each test server starts from a copy of. */
    seededSqliteFile: string
    /** The same on PostgreSQL: a database each test server's database is created from (`template`). */
    seededPostgresName: string
  }
}

/**
 * Says once per run which engines the suite covers, and makes the migrated and seeded databases test servers
 * start from: migrating and seeding took about half a second per server on PostgreSQL (a copy takes 35 ms), for
 * hundreds of servers a run.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  console.log(
    adminUrl
      ? '[server tests] engines: sqlite, postgres (TEST_DATABASE_URL)'
      : '[server tests] engines: sqlite only; PostgreSQL skipped (set TEST_DATABASE_URL to run it too)',
  )
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-seeded-'))
  const file = path.join(dir, 'templet.db')
  const sqlite = openSqlite(file)
  await migrate(sqlite)
  await seedCatalogue(sqlite.kysely)
  await sqlite.close()
  project.provide('seededSqliteFile', file)

  const name = `templet_seeded_${randomBytes(6).toString('hex')}`
  if (adminUrl) {
    await adminQuery(adminUrl, `create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const db = openPostgres(url.toString(), 2)
    await migrate(db)
    await seedCatalogue(db.kysely)
    await db.close()
    project.provide('seededPostgresName', name)
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true })
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  }
}

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
