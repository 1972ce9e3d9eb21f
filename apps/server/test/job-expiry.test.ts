import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'
import { developer, plainTemplate, v1 } from './v1-helpers'

/** The expiry of each queue as pg-boss keeps it, and of the jobs waiting in `render`, in seconds. */
async function expiries(s: TestServer) {
  const queues = await sql<{ name: string; expire_seconds: number }>`
    select name, expire_seconds from pgboss.queue where name in ('render', 'batch-finish') order by name`.execute(
    s.db.kysely,
  )
  const waiting = await sql<{ seconds: number }>`
    select extract(epoch from expire_in)::int as seconds from pgboss.job
    where name = 'render' and state < 'completed'`.execute(s.db.kysely)
  return {
    queues: Object.fromEntries(queues.rows.map((q) => [q.name, q.expire_seconds])),
    waiting: waiting.rows.map((j) => Number(j.seconds)),
  }
}

// The queue of SQLite lives in its process and takes the setting of each start; pg-boss's outlives them.
describe.runIf(process.env.TEST_DATABASE_URL)('the job queue on PostgreSQL', () => {
  it('takes a changed JOB_EXPIRE_SECONDS at the next start, for its queues and the jobs waiting in them', async () => {
    // No workers: the render waits in its queue, as one a killed worker left would.
    const first = await startServer('postgres', { JOB_EXPIRE_SECONDS: '300' }, { jobs: 'queue' })
    try {
      const dev = await developer(first)
      const t = await plainTemplate(first, dev.key)
      const r = await v1(first, 'POST', '/renders', {
        key: dev.key,
        body: { template_id: t.id },
        headers: { prefer: 'respond-async' },
      })
      expect(r.status).toBe(202)
      expect(await expiries(first)).toEqual({ queues: { 'batch-finish': 300, render: 300 }, waiting: [300] })

      const next = await first.twin({ JOB_EXPIRE_SECONDS: '30' })
      try {
        expect(await expiries(next)).toEqual({ queues: { 'batch-finish': 30, render: 30 }, waiting: [30] })
        expect(next.logged).toContainEqual({
          level: 'info',
          msg: 'job queue settings changed',
          fields: { queue: 'render', expireSeconds: 30 },
        })
      } finally {
        await next.close()
      }
      // A start with the same setting changes nothing.
      const again = await first.twin({ JOB_EXPIRE_SECONDS: '30' })
      try {
        expect(again.logged.filter((l) => l.msg === 'job queue settings changed')).toEqual([])
      } finally {
        await again.close()
      }
    } finally {
      await first.close()
    }
  })
})
