import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely'
import type { Db } from '../connection'

/** The last migration of the time when features were built side by side and merged in any order. */
const ERA_LAST = '0040_template_versions'

type MigrationTable = { kysely_migration: { name: string; timestamp: string } }

/**
 * Until 0040, migrations were merged as features landed (0040 before 0010, 0030 before 0011), and databases
 * made in between ran them in that order. They are independent of each other, so such a database is settled
 * once: the era's missing migrations run, then the recorded order is rewritten to the order of the names, which
 * Kysely's strict check requires from then on. A database already in order, or one out of order after the era
 * (a real inconsistency), is left to that check.
 */
export async function settleParallelEra(db: Db, all: Record<string, Migration>): Promise<MigrationResultSet> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true })
  if (!tables.some((t) => t.name === 'kysely_migration')) return { results: [] }
  const q = db.kysely as unknown as Kysely<MigrationTable>
  const executed = await executedInKyselyOrder(q)
  const names = Object.keys(all).sort()
  if (executed.every((name, i) => names[i] === name) || executed.some((name) => name > ERA_LAST))
    return { results: [] }

  const era = Object.fromEntries(Object.entries(all).filter(([name]) => name <= ERA_LAST))
  const settled = await new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => era },
    allowUnorderedMigrations: true,
  }).migrateToLatest()
  if (settled.error) return settled

  const rows = await q.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()
  const first = Math.min(...rows.map((r) => new Date(r.timestamp).getTime()))
  for (const [i, name] of Object.keys(era).sort().entries())
    await q
      .updateTable('kysely_migration')
      .set({ timestamp: new Date(first + i).toISOString() })
      .where('name', '=', name)
      .execute()
  return settled
}

/** The executed migrations in the order Kysely compares them with the list: by time, then by name. */
async function executedInKyselyOrder(q: Kysely<MigrationTable>): Promise<string[]> {
  const rows = await q.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()
  return rows
    .sort(
      (a, b) =>
        new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime() || a.name.localeCompare(b.name),
    )
    .map((r) => r.name)
}
