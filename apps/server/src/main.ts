import { ConfigError, loadConfig } from './config'
import { openDb } from './db/connection'
import { migrate } from './db/migrations'
import { seedCatalogue } from './features/templates/catalogue'
import { createLogger, errorFields } from './log'

/**
 * Starts the process: the database migrated and the catalogue seeded by whichever process comes first, then
 * by `ROLE` the app (api, both) or a worker that loads only what jobs need (worker: no HTTP app, a smaller heap
 * for the renders' garbage collections to walk). Each is imported only when it runs.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(1)
    }
    throw err
  }
  const log = createLogger(config.logLevel)
  const db = openDb(config, (err) => log.warn('database connection lost', errorFields(err)))
  const applied = await migrate(db)
  if (applied.length > 0)
    log.info('migrated', { db: db.label, migrations: applied.map((m) => m.migrationName) })
  await seedCatalogue(db.kysely)
  if (config.developerApi.role === 'worker')
    await (await import('./serve-worker')).serveWorker(config, log, db)
  else await (await import('./serve-app')).serveApp(config, log, db)
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'failed to start', ...errorFields(err) })}\n`)
  process.exit(1)
})
