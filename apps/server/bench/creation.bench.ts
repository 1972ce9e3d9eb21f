/**
 * `pnpm --filter @templet/server bench:creation`: creations per second end to end (request -> render -> four files
 * stored -> credit spent and row committed) with 4 concurrent clients, next to the renderer alone at the same
 * concurrency, so the cost of everything around the render shows. SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is made in that cluster). Loopback only.
 *
 * The server runs in a child process, so the clients (in this process) do not share its event loop; the
 * renderer-alone figure is measured in a child process too, for the same one-process budget. A second end-to-end
 * run (SQLite) fills the photo of that template (it has one) with a 12-megapixel JPEG uploaded through the
 * API, as a customer's phone photo usually is.
 */
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { render, renderPreview } from '@templet/render'
import { fieldKinds, type TemplateInput } from '@templet/template'
import sharp from 'sharp'
import { createAppParts } from '../src/app'
import { loadConfig } from '../src/config'
import type { Engine } from '../src/db/connection'
import { migrate } from '../src/db/migrations'
import { Sessions } from '../src/features/accounts/sessions'
import { grantCredits } from '../src/features/billing/ledger'
import { seedCatalogue } from '../src/features/templates/catalogue'
import { fileUrlSecret } from '../src/media-services'
import { listen } from '../src/server'
import { freshDb } from '../test/harness'

const CLIENTS = 4
const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 10)
const here = fileURLToPath(import.meta.url)
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

interface Figures {
  perSecond: number
  p50: number
  p95: number
  count: number
}

/** Runs `task` from `clients` loops for `seconds`; throughput and latency percentiles (ms). */
async function loop(clients: number, seconds: number, task: () => Promise<void>): Promise<Figures> {
  const times: number[] = []
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        await task()
        times.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  return { perSecond: times.length / elapsed, p50: at(0.5), p95: at(0.95), count: times.length }
}

/**
 * The template every run measures, named so that the figures stay comparable as the catalogue grows (it was the
 * catalogue's first template while there were 15): a 1200×630 link card with a photo.
 */
const BENCH_TEMPLATE = 'article-card'

const firstTemplate = () => {
  const t = loadCatalogue().templates.find((x) => x.id === BENCH_TEMPLATE)
  if (!t) throw new Error(`the catalogue has no template ${BENCH_TEMPLATE}`)
  return t
}

/** Child: the renderer alone, `CLIENTS` renders in flight: full renders, then editor previews. */
async function rendererAlone() {
  const t = firstTemplate()
  const full = async () => void (await render(t, {}))
  const preview = async () => void (await renderPreview(t, {}, { maxSide: 640, format: 'webp' }))
  await loop(CLIENTS, 2, full) // warm-up
  const renders = await loop(CLIENTS, DURATION_S, full)
  await loop(CLIENTS, 1, preview)
  process.send?.({ renders, previews: await loop(CLIENTS, DURATION_S, preview) })
  process.disconnect()
}

/** Child: the real app on a fresh database of `engine`, with a user who has credits enough for the run. */
async function serveEngine(engine: Engine) {
  const { db, drop } = await freshDb(engine)
  await migrate(db)
  await seedCatalogue(db.kysely)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-bench-'))
  // DECODED_IMAGE_CACHE_MB=0 measures previews that decode the photo every time.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PREVIEW_LIMIT: '1000000',
    DECODED_IMAGE_CACHE_MB: process.env.DECODED_IMAGE_CACHE_MB,
  })
  const now = Date.now()
  const user = await db.kysely
    .insertInto('users')
    .values({ email: 'bench@example.com', name: 'Bench', password_hash: 'x', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await grantCredits(db.kysely, { userId: user.id, amount: 1_000_000, reason: 'bench', now })
  const token = await new Sessions(db.kysely, { ttlSeconds: 86400, graceSeconds: 60, now: Date.now }).issue(
    user.id,
  )
  const { hono } = createAppParts({
    db,
    config,
    media: { fileUrlSecret: await fileUrlSecret(db.kysely, config) },
  })
  const templates = await db.kysely
    .selectFrom('templates')
    .select(['id', 'slug', 'definition'])
    .orderBy('id')
    .execute()
  const template = templates.find((t) => t.slug === BENCH_TEMPLATE)
  if (!template) throw new Error(`no template ${BENCH_TEMPLATE} seeded`)
  const withPhoto = [template, ...templates]
    .map((t) => ({
      id: t.id,
      field: (JSON.parse(t.definition) as TemplateInput).fields.find((f) => fieldKinds.takesUpload(f)),
    }))
    .find((t) => t.field)
  listen({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    process.send?.({
      port: info.port,
      token,
      templateId: template.id,
      photo: withPhoto && { templateId: withPhoto.id, field: withPhoto.field?.key },
    } satisfies Served),
  )
  process.once('disconnect', () => {
    void drop().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true })
      process.exit(0)
    })
  })
}

function child<T>(args: string[]): Promise<{ first: T; proc: ReturnType<typeof fork> }> {
  const proc = fork(here, args, { execArgv: ['--import', 'tsx'], env: process.env })
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve({ first: m as T, proc }))
    proc.once('exit', (code) => reject(new Error(`bench child exited with ${code}`)))
  })
}

interface Served {
  port: number
  token: string
  templateId: number
  /** The bench template, or else the first with an image field. */
  photo?: { templateId: number; field: string | undefined }
}

/** A phone-sized photo: the catalogue's dusk sample scaled to 4000×3000, JPEG quality 85. */
async function phonePhoto(): Promise<Buffer> {
  const dusk = await sampleImages('sample:dusk')
  if (!dusk) throw new Error('the catalogue has no dusk sample')
  return sharp(dusk).resize(4000, 3000).jpeg({ quality: 85 }).toBuffer()
}

async function endToEnd(
  engine: Engine,
  withPhoto = false,
): Promise<{ creations: Figures; previews: Figures }> {
  const { first, proc } = await child<Served>(['serve', engine])
  const url = `http://127.0.0.1:${first.port}/api/creation/create`
  const authorization = `Bucket ${first.token}`
  let body = JSON.stringify({ templateId: first.templateId, values: {} })
  if (withPhoto) {
    const { templateId, field } = first.photo ?? {}
    if (!templateId || !field) throw new Error('no template with a photo field')
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(await phonePhoto())], { type: 'image/jpeg' }), 'phone.jpg')
    const uploaded = (await (
      await fetch(`http://127.0.0.1:${first.port}/api/upload/image`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      })
    ).json()) as { code: number; msg: string; data: { id: number } }
    if (uploaded.code !== 0) throw new Error(`upload answered ${uploaded.code} ${uploaded.msg}`)
    body = JSON.stringify({ templateId, values: { [field]: String(uploaded.data.id) } })
  }
  const headers = { 'content-type': 'application/json', authorization }
  const create = async () => {
    const r = (await (await fetch(url, { method: 'POST', headers, body })).json()) as {
      code: number
      msg: string
    }
    if (r.code !== 0) throw new Error(`create answered ${r.code} ${r.msg}`)
  }
  await loop(CLIENTS, 2, create) // warm-up
  const creations = await loop(CLIENTS, DURATION_S, create)
  const previewUrl = `http://127.0.0.1:${first.port}/api/creation/preview`
  const preview = async () => {
    const res = await fetch(previewUrl, { method: 'POST', headers, body })
    if (!res.headers.get('content-type')?.startsWith('image/'))
      throw new Error(`preview answered ${await res.text()}`)
    await res.arrayBuffer()
  }
  const previews = await loop(CLIENTS, DURATION_S, preview)
  proc.removeAllListeners('exit')
  proc.disconnect()
  return { creations, previews }
}

async function main() {
  const [mode, engine] = process.argv.slice(2)
  if (mode === 'render') return rendererAlone()
  if (mode === 'serve') return serveEngine(engine as Engine)

  const t = firstTemplate()
  const size = t.sizes[0]
  console.log(
    `Creations, ${CLIENTS} concurrent clients, ${DURATION_S} s each, template "${t.id}" ${size?.width}×${size?.height}, ` +
      `${os.cpus().length} cores, Node ${process.version}`,
  )
  const rows: [string, Figures][] = []
  const alone = await child<{ renders: Figures; previews: Figures }>(['render'])
  rows.push(['renderer alone (render(): PNG + JPEG + WebP + thumbnail)', alone.first.renders])
  const engines: Engine[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite']
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl
  const previews: [string, Figures][] = [
    ['renderPreview() alone (WebP, longest side 640)', alone.first.previews],
  ]
  for (const e of engines) {
    const r = await endToEnd(e)
    rows.push([`end to end on ${e} (POST /creation/create)`, r.creations])
    previews.push([`end to end on ${e} (POST /creation/preview)`, r.previews])
  }
  const phone = await endToEnd('sqlite', true)
  rows.push(['end to end on sqlite, 12-megapixel phone photo (POST /creation/create)', phone.creations])
  previews.push(['end to end on sqlite, 12-megapixel phone photo (POST /creation/preview)', phone.previews])
  rows.push(...previews)
  console.log('| what | per second | p50 ms | p95 ms | count |')
  console.log('|---|---|---|---|---|')
  for (const [what, f] of rows)
    console.log(
      `| ${what} | ${f.perSecond.toFixed(1)} | ${f.p50.toFixed(0)} | ${f.p95.toFixed(0)} | ${f.count} |`,
    )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
