import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InProcessQueue } from '../src/services/jobs/in-process'
import { PgBossQueue } from '../src/services/jobs/pg-boss'
import { GroupSize, type JobOutcome, type JobQueue, MAX_GROUP } from '../src/services/jobs/queue'
import { defaultRenderer } from '../src/services/renderer'
import { engines, freshDb, startServer, type TestServer } from './harness'
import { developer, plainTemplate, v1 } from './v1-helpers'

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} }

describe('the size of a group of jobs', () => {
  it('starts at one, follows the pace within an eighth of the budget, and shrinks at once when slower', () => {
    const size = new GroupSize(8000)
    expect(size.next()).toBe(1)
    size.record(1, 100)
    // An eighth of 8 s at 100 ms a job: 10, at most 8.
    expect(size.next()).toBe(MAX_GROUP)
    size.record(8, 8 * 400)
    expect(size.next()).toBe(2)
    size.record(2, 2 * 2000)
    expect(size.next()).toBe(1)
    // Faster again: it grows back over a few groups, never past the most.
    for (let i = 0; i < 20; i += 1) size.record(1, 10)
    expect(size.next()).toBe(MAX_GROUP)
  })
})

describe.each(engines)('a queue handing out groups of jobs on %s', (engine) => {
  let queue: JobQueue
  let drop: () => Promise<void> = async () => {}
  beforeAll(async () => {
    if (engine === 'sqlite') {
      queue = new InProcessQueue(silent, 300_000)
    } else {
      const fresh = await freshDb(engine)
      drop = fresh.drop
      queue = new PgBossQueue({
        url: fresh.url as string,
        expireSeconds: 300,
        maintenanceSeconds: 1,
        log: silent,
      })
    }
    await queue.start()
  }, 60_000)
  afterAll(async () => {
    await queue.stop()
    await drop()
  })

  it('runs every job, retries only the job its handler says failed, and takes several at once', async () => {
    const runs = new Map<number, number>()
    const groups: number[] = []
    await queue.work('render', 1, async (jobs) => {
      groups.push(jobs.length)
      return jobs.map(({ renderId }): JobOutcome => {
        const n = (runs.get(renderId) ?? 0) + 1
        runs.set(renderId, n)
        return renderId === 7 && n === 1 ? { error: new Error('storage went away') } : null
      })
    })
    await queue.send(
      'render',
      Array.from({ length: 20 }, (_, i) => ({ renderId: i + 1 })),
    )
    queue.nudge('render')
    for (let i = 0; i < 300 && (runs.size < 20 || runs.get(7) !== 2); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect([...runs].filter(([, n]) => n !== 1)).toEqual([[7, 2]])
    expect(Math.max(...groups)).toBeGreaterThan(1)
    expect(Math.max(...groups)).toBeLessThanOrEqual(MAX_GROUP)
  }, 30_000)
})

describe.each(engines)('a batch whose rows settle together on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(
      engine,
      { WORKER_CONCURRENCY: '1' },
      {
        jobs: true,
        media: {
          renderer: {
            ...defaultRenderer,
            // Another worker takes this row over while it renders (its attempt is counted up): this attempt
            // must not settle it, and the rows settled with it must not suffer for it.
            render: async (template, values, options) => {
              if (Object.values(values).includes('taken over'))
                await s.db.kysely
                  .updateTable('renders')
                  .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
                  .where('field_values', 'like', '%taken over%')
                  .execute()
              return defaultRenderer.render(template, values, options)
            },
          },
        },
      },
    )
  })
  afterAll(() => s.close())

  it('completes the others when one was taken over meanwhile, and leaves that one to its new attempt', async () => {
    const dev = await developer(s)
    const t = await plainTemplate(s, dev.key)
    const text = t.fields.find((f) => f.kind === 'text')
    if (!text) throw new Error('no text field')
    // Row 5 is in the second group (the first is one job, the next as many as fit, up to 8).
    const rows = Array.from({ length: 5 }, (_, i) => ({
      values: { [text.key]: i === 4 ? 'taken over' : `Row ${i + 1}` },
    }))
    const r = await v1(s, 'POST', '/batches', { key: dev.key, body: { template_id: t.id, rows } })
    expect(r.status).toBe(202)
    const byStatus = async () =>
      (
        await s.db.kysely
          .selectFrom('renders')
          .select(['row_number', 'status', 'attempts', 'creation_id'])
          .where('batch_id', '=', r.body.id)
          .orderBy('row_number')
          .execute()
      ).map((x) => ({ ...x, attempts: Number(x.attempts) }))
    const dir = path.join(s.dataDir, 'media', 'creations')
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
    // Until four rows completed and the fifth's attempt has removed its files (after the others settled).
    let list = await byStatus()
    for (
      let i = 0;
      i < 300 && (list.filter((x) => x.status === 'completed').length < 4 || stored().length !== 4);
      i += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      list = await byStatus()
    }
    expect(list.map((x) => [x.row_number, x.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
      [4, 'completed'],
      [5, 'running'],
    ])
    // Its attempt stored nothing: no creation, and its files were removed again.
    expect(list[4]?.creation_id).toBeNull()
    const creations = await s.db.kysely
      .selectFrom('creations')
      .select('storage_prefix')
      .where('user_id', '=', dev.user.id)
      .execute()
    expect(creations).toHaveLength(4)
    expect(stored()).toEqual(creations.map((c) => c.storage_prefix.split('/')[1]).sort())
    const batch = await s.db.kysely
      .selectFrom('batches')
      .select(['completed_rows', 'status'])
      .where('id', '=', r.body.id)
      .executeTakeFirstOrThrow()
    expect(batch).toEqual({ completed_rows: 4, status: 'running' })
  }, 60_000)
})
