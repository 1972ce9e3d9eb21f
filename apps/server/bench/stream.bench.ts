/**
 * `pnpm --filter @templet/server bench:stream`: 1,000 open notification streams (`STREAMS`) held by one server
 * process; its memory (RSS) before and with them open, and the time for an event to reach all of them:
 *   - one user with all the streams (the per-user cap lifted), one notification;
 *   - as many users as streams, one stream each, one notification per user written in one transaction.
 * On SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database there).
 *
 * The server runs in a child process (the real app, `/api/notification/stream`); this process holds the
 * streams (fetch) and tells the child by IPC when to write, so the time runs from that message to the last
 * stream's event: the write, the commit, the signal (pg_notify through LISTEN, or in-process), the reads and
 * every stream's write, and this process's parsing.
 */
import { fork } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAppParts } from '../src/app'
import { loadConfig } from '../src/config'
import type { Engine } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { Sessions } from '../src/features/accounts/sessions'
import { notificationRow } from '../src/features/notifications/notifications'
import { insertNotifications } from '../src/features/notifications/notifications.queries'
import { seedCatalogue } from '../src/features/templates/catalogue'
import { listen } from '../src/server'
import { freshDb } from '../test/harness'
import { type HeldStream, holdStream } from '../test/sse-client'

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000)
const here = fileURLToPath(import.meta.url)

type ToChild = { raise: 'one-user' | 'each-user' } | 'rss'
type Ready = { port: number; oneUserToken: string; tokens: string[] }

/** Child: a fresh database, STREAMS + 1 users with a session each, and the app listening. */
async function serveEngine(engine: Engine) {
  const { db, drop } = await freshDb(engine)
  await migrate(db)
  await seedCatalogue(db.kysely)
  const now = Date.now()
  const ids: number[] = []
  for (let i = 0; i <= STREAMS; i += 500) {
    const rows = Array.from({ length: Math.min(500, STREAMS + 1 - i) }, (_, k) => ({
      email: `stream${i + k}@example.com`,
      name: `Stream ${i + k}`,
      password_hash: 'x',
      created_at: now,
    }))
    const inserted = await db.kysely.insertInto('users').values(rows).returning('id').execute()
    ids.push(...inserted.map((r) => r.id))
  }
  const sessions = new Sessions(db.kysely, { ttlSeconds: 86400, graceSeconds: 60, now: Date.now })
  const tokens: string[] = []
  for (const id of ids) tokens.push(await sessions.issue(id))
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    WEB_DIST: path.join(os.tmpdir(), 'templet-no-web-build'),
    STREAM_LIMIT_PER_USER: String(STREAMS),
  })
  const parts = createAppParts({ db, config })
  await parts.streams.start()
  const server = listen({ fetch: parts.hono.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const port = (server.address() as { port: number }).port
  const [oneUser, ...each] = ids
  const ready: Ready = { port, oneUserToken: tokens[0] as string, tokens: tokens.slice(1) }
  process.send?.(ready)
  let seq = 0
  process.on('message', (m: ToChild) => {
    if (m === 'rss') {
      global.gc?.()
      process.send?.({ rss: process.memoryUsage().rss })
      return
    }
    seq += 1
    const users = m.raise === 'one-user' ? [oneUser as number] : each
    const rows = users.map((userId) =>
      notificationRow(
        userId,
        { type: 'message', params: { title: `Bench event ${seq}`, content: '' } },
        Date.now(),
      ),
    )
    void insertNotifications(db.kysely, rows)
  })
  process.once('disconnect', () => {
    void (async () => {
      await parts.streams.close()
      server.close()
      await drop()
      process.exit(0)
    })()
  })
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function benchEngine(engine: Engine, env: NodeJS.ProcessEnv) {
  const child = fork(here, ['--serve', engine], {
    env,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`the ${engine} server exited with ${code}`)))
  })
  const ask = <T>(m: ToChild) =>
    new Promise<T>((resolve) => {
      child.once('message', (r) => resolve(r as T))
      child.send(m)
    })
  const url = `http://127.0.0.1:${ready.port}`
  const rssIdle = (await ask<{ rss: number }>('rss')).rss

  const openAll = async (tokens: string[]) => {
    const held: HeldStream[] = []
    for (let i = 0; i < tokens.length; i += 100)
      held.push(...(await Promise.all(tokens.slice(i, i + 100).map((t) => holdStream(url, t)))))
    return held
  }
  const reachAll = async (held: HeldStream[], raise: 'one-user' | 'each-user') => {
    const want = held.map((h) => h.events.length + 1)
    const t0 = performance.now()
    child.send({ raise })
    await Promise.all(held.map((h, i) => h.waitForEvents(want[i] as number, 30_000)))
    return performance.now() - t0
  }

  const results: string[] = []
  // One user, STREAMS tabs.
  let held = await openAll(Array.from({ length: STREAMS }, () => ready.oneUserToken))
  const rssOne = (await ask<{ rss: number }>('rss')).rss
  await reachAll(held, 'one-user') // warm-up (JIT, prepared statements), not counted
  const one = [
    await reachAll(held, 'one-user'),
    await reachAll(held, 'one-user'),
    await reachAll(held, 'one-user'),
  ]
  for (const h of held) h.close()
  results.push(
    `${engine}: ${STREAMS} streams of one user: RSS ${mb(rssIdle)} idle -> ${mb(rssOne)} with them open; ` +
      `one event reached all in ${one.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
  )
  await new Promise((r) => setTimeout(r, 1000))
  // STREAMS users, one stream each.
  held = await openAll(ready.tokens)
  const rssEach = (await ask<{ rss: number }>('rss')).rss
  await reachAll(held, 'each-user')
  const each = [
    await reachAll(held, 'each-user'),
    await reachAll(held, 'each-user'),
    await reachAll(held, 'each-user'),
  ]
  for (const h of held) h.close()
  results.push(
    `${engine}: ${STREAMS} users with one stream each: RSS ${mb(rssEach)} with them open; ` +
      `one event per user (one transaction) reached all in ${each.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
  )
  child.disconnect()
  await new Promise((resolve) => child.once('exit', resolve))
  return results
}

async function main() {
  const engine = process.argv[3] as Engine
  if (process.argv[2] === '--serve') return serveEngine(engine)
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const lines = await benchEngine('sqlite', { ...process.env, TEST_DATABASE_URL: '' })
  if (pgUrl) lines.push(...(await benchEngine('postgres', { ...process.env, TEST_DATABASE_URL: pgUrl })))
  else lines.push('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
  console.log(`\n${lines.join('\n')}`)
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${os.cpus().length} cores`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
