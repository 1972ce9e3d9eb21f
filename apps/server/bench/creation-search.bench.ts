/**
 * `pnpm --filter @templet/server bench:search`: creation search (db/search-text.ts) over `BENCH_CREATIONS`
 * creations (default 20,000, a seventh of them one user's) on SQLite and, with TEST_DATABASE_URL, PostgreSQL: the
 * time of one search as Creation History asks it (a page of 12 and the count) for an English word, its first
 * letters, a two-character Chinese word and one Chinese character, against the substring scan (`like '%…%'`
 * over the name and the values) that finds the same rows without an index. Median of 30 after 5 warm-up
 * runs, in ms. A fresh database per engine, dropped after.
 */
import type { Db } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { creationSearchText } from '../src/db/search-text'
import { listCreations } from '../src/features/creations/creations.queries'
import { engines, freshDb } from '../test/harness'

const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 20_000)
const RUNS = 30

const ENGLISH = ['harbour', 'sunset', 'market', 'launch', 'winter', 'garden', 'concert', 'coffee', 'morning']
const CHINESE = ['日落', '海边', '咖啡', '新品', '上市', '音乐', '花园', '早晨', '冬季', '促销']

function headline(i: number): string {
  const pick = (list: string[], n: number) => list[(i * 7 + n * 13) % list.length] as string
  return i % 2 === 0
    ? `${pick(ENGLISH, 1)} ${pick(ENGLISH, 2)} sale ${i}`
    : `今晚的${pick(CHINESE, 1)}和${pick(CHINESE, 2)}活动 ${i}`
}

async function seed(db: Db): Promise<number> {
  const k = db.kysely
  const type = await k
    .insertInto('template_types')
    .values({ slug: 'bench', name: 'Bench', name_zh: '基准', template_count: 1, sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const template = await k
    .insertInto('templates')
    .values({
      slug: 'bench',
      template_type_id: type.id,
      name: 'Bench',
      name_zh: '基准',
      width: 1,
      height: 1,
      sort_order: 0,
      definition: '{}',
      active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const users: number[] = []
  for (let u = 0; u < 7; u += 1)
    users.push(
      (
        await k
          .insertInto('users')
          .values({ email: `bench${u}@example.com`, name: 'Bench', password_hash: 'x', created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  for (let start = 0; start < CREATIONS; start += 500) {
    const rows = []
    for (let i = start; i < Math.min(CREATIONS, start + 500); i += 1) {
      const text = headline(i)
      rows.push({
        user_id: users[i % users.length] as number,
        template_id: template.id,
        template_type_id: type.id,
        template_version: 1,
        name: `Creation ${i}`,
        field_values: JSON.stringify({ headline: text, accent: '#336699' }),
        size_id: 'square',
        locale: 'en',
        width: 1,
        height: 1,
        storage_prefix: `creations/${i}`,
        created_at: i,
        search_text: creationSearchText(`Creation ${i}`, [text]),
      })
    }
    await k.insertInto('creations').values(rows).execute()
  }
  return users[0] as number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

async function time(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i += 1) await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now()
    await run()
    times.push(performance.now() - t0)
  }
  return median(times)
}

for (const engine of engines) {
  const { db, drop } = await freshDb(engine)
  try {
    await migrate(db)
    const userId = await seed(db)
    console.log(
      `\n${engine}: ${CREATIONS} creations, ${Math.ceil(CREATIONS / 7)} of them the searching user's`,
    )
    console.log('query        index (ms)  hits   like scan (ms)  hits')
    for (const q of ['sunset', 'sun', '日落', '落']) {
      let hits = 0
      const indexed = await time(async () => {
        hits = (await listCreations(db.kysely, { userId, q }, { page: 1, pageSize: 12 })).total
      })
      let scanned = 0
      const scan = await time(async () => {
        const pattern = `%${q}%`
        const row = await db.kysely
          .selectFrom('creations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where((eb) => eb.or([eb('name', 'like', pattern), eb('field_values', 'like', pattern)]))
          .executeTakeFirstOrThrow()
        scanned = Number(row.n)
      })
      console.log(
        `${q.padEnd(8 - [...q].filter((c) => c > '\u2e80').length)} ${indexed.toFixed(2).padStart(10)} ${String(hits).padStart(6)} ${scan.toFixed(2).padStart(14)} ${String(scanned).padStart(6)}`,
      )
    }
  } finally {
    await drop()
  }
}
