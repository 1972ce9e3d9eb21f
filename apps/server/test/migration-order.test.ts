import fs from 'node:fs'
import path from 'node:path'
import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/connection'
import { migrate, migrations } from '../src/db/migrations'
import { engines, freshDb } from './harness'

type MigrationTable = { kysely_migration: { name: string; timestamp: string } }

const migrationDir = path.join(import.meta.dirname, '../src/db/migrations')
const migrationNames = fs
  .readdirSync(migrationDir)
  .filter((f) => /^\d{4}_[a-z0-9_]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort()

async function recordedOrder(kysely: Db['kysely']): Promise<string[]> {
  const rows = await (kysely as unknown as Kysely<MigrationTable>)
    .selectFrom('kysely_migration')
    .select(['name', 'timestamp'])
    .execute()
  return rows
    .sort(
      (a, b) =>
        new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime() || a.name.localeCompare(b.name),
    )
    .map((r) => r.name)
}

describe.each(engines)('migrations in order (%s)', (engine) => {
  let drop: (() => Promise<void>) | undefined
  afterEach(async () => {
    await drop?.()
    drop = undefined
  })

  it('has one file per migration, each run once in the order of its name', async () => {
    const fresh = await freshDb(engine)
    drop = fresh.drop
    const results = await migrate(fresh.db)
    expect(results.map((r) => r.migrationName)).toEqual(migrationNames)
    expect(results.every((r) => r.status === 'Success')).toBe(true)
    expect(await recordedOrder(fresh.db.kysely)).toEqual(migrationNames)
    expect(await migrate(fresh.db)).toEqual([])
  })

  it('settles a database that ran the early migrations in the order their features landed', async () => {
    const fresh = await freshDb(engine)
    drop = fresh.drop
    // The order main once ran them in: 0005 before 0003 and 0004, 0040 before 0010, 0030 before 0011.
    const steps = [
      ['0001_initial', '0002_bigint_ids', '0005_rate_limits'],
      ['0003_media', '0004_billing', '0006_notification_params', '0040_template_versions'],
      ['0010_login_throttle', '0020_api_keys', '0021_renders', '0030_creation_pdf'],
    ]
    const all = migrations(engine)
    let ran: string[] = []
    for (const step of steps) {
      ran = [...ran, ...step]
      const subset = Object.fromEntries(ran.map((n) => [n, all[n] as Migration]))
      const { error } = await new Migrator({
        db: fresh.db.kysely,
        provider: { getMigrations: async () => subset },
        allowUnorderedMigrations: true,
      }).migrateToLatest()
      expect(error).toBeUndefined()
      // Distinct times, as separate starts of the server had.
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(await recordedOrder(fresh.db.kysely)).not.toEqual([...ran].sort())

    const results = await migrate(fresh.db)
    expect(results.map((r) => r.migrationName).sort()).toEqual(
      migrationNames.filter((n) => !ran.includes(n)).sort(),
    )
    expect(await recordedOrder(fresh.db.kysely)).toEqual(migrationNames)
    // The schema is whole: the tables of the migrations run last exist.
    await sql`select count(*) from creation_uploads`.execute(fresh.db.kysely)
    await sql`select count(*) from webhook_deliveries`.execute(fresh.db.kysely)
    expect(await migrate(fresh.db)).toEqual([])
  })

  it('refuses a database that ran a migration this build does not have', async () => {
    const fresh = await freshDb(engine)
    drop = fresh.drop
    await migrate(fresh.db)
    await (fresh.db.kysely as unknown as Kysely<MigrationTable>)
      .insertInto('kysely_migration')
      .values({ name: '9999_from_a_newer_build', timestamp: new Date().toISOString() })
      .execute()
    await expect(migrate(fresh.db)).rejects.toThrow(/9999_from_a_newer_build is missing/)
  })
})
