/**
 * `pnpm --filter @templet/server bench:signed-images`: requests/s of a signed image URL once its image is made
 * (served from storage, and revalidated to 304), next to the same image as a static file of the same server, a
 * tiny static file and a creation's signed file URL, on SQLite. Goal: a cached hit at least half the rate of the
 * same bytes served as a static file.
 *
 * The server runs in a child process so the load generator (autocannon, here) does not share its event loop.
 * Loopback only.
 */

import { fork } from 'node:child_process'
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startServer } from '../test/harness'

const DURATION_S = Number(process.env.BENCH_DURATION_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const here = fileURLToPath(import.meta.url)

interface Ready {
  /** The image's size: every image target must send it whole. */
  imageBytes: number
  key: string
  balance: string
  tiny: string
  static: string
  file: string
  signed: string
  etag: string
}

/** Child: the app with its workers, one account whose key has made one signed image. */
async function serve() {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-bench-web-'))
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\nDisallow: /app\n')
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Templet</title><div id="root"></div>',
  )
  const s = await startServer('sqlite', { WEB_DIST: webDist, API_RATE_LIMIT: '1000000' }, { jobs: true })
  const account = await s.signUp()
  const key = await s.call('POST', '/key/create', {
    token: account.token,
    body: { name: 'bench', scopes: ['read', 'render'] },
  })
  const templates = await s.call('GET', '/template/list', { query: { pageSize: 1 } })
  const templateId = templates.data[0].id as number
  const p = `/r/${key.data.id}/${templateId}.png`
  const signature = createHmac('sha256', key.data.urlSecret as string)
    .update(p)
    .digest('hex')
  const signed = `${s.url}${p}?s=${signature}`
  const first = await fetch(signed)
  if (first.status !== 200)
    throw new Error(`the first render answered ${first.status}: ${await first.text()}`)
  const image = Buffer.from(await first.arrayBuffer())
  // The same image as a static file of the web build: the fair peer of a cached hit (the same bytes on the
  // wire). The build's files are listed when a server starts, so a second server on the same database and
  // media serves every target.
  fs.writeFileSync(path.join(webDist, 'card.png'), image)
  const t = await s.twin()
  const renders = await fetch(`${t.url}/v1/renders`, { headers: { authorization: `Bearer ${key.data.key}` } })
  const made = ((await renders.json()) as { data: { files: { png: string } }[] }).data[0]
  if (!made) throw new Error('the first render is not listed')
  const ready: Ready = {
    imageBytes: image.byteLength,
    key: key.data.key as string,
    balance: `${t.url}/v1/balance`,
    tiny: `${t.url}/robots.txt`,
    static: `${t.url}/card.png`,
    file: made.files.png.replace(s.url, t.url),
    signed: signed.replace(s.url, t.url),
    etag: first.headers.get('etag') as string,
  }
  process.send?.(ready)
  process.once('disconnect', () => {
    void t
      .close()
      .then(() => s.close())
      .finally(() => process.exit(0))
  })
}

async function measureUrl(url: string, headers: Record<string, string> = {}) {
  const check = await fetch(url, { headers })
  if (check.status >= 400) throw new Error(`${url} answered ${check.status}`)
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }) // warm-up, not counted
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  // A 304 is not a 2xx to autocannon: only the revalidation may answer anything else.
  const failed = r.errors + r.timeouts + ('if-none-match' in headers ? 0 : r.non2xx)
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    kbPerAnswer: r.throughput.total / r.requests.total / 1024,
  }
}

async function main() {
  // BENCH_PROFILE_DIR: the server writes a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : []
  const child = fork(here, ['--serve'], { execArgv: ['--import', 'tsx', ...profile], stdio: 'inherit' })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })
  const rows: [string, Awaited<ReturnType<typeof measureUrl>>][] = []
  // BENCH_ONLY=<text>: only the targets whose name has it (a profile of one target).
  const only = process.env.BENCH_ONLY
  const measure = (name: string, url: string, headers?: Record<string, string>) =>
    only && !name.includes(only) ? Promise.resolve(undefined) : measureUrl(url, headers)
  // In turns, twice, so a busy moment of the machine does not fall on one target alone.
  for (let round = 0; round < 2; round += 1) {
    const targets: [string, string, Record<string, string>?][] = [
      ['GET /robots.txt (a tiny static file)', ready.tiny],
      ['GET /card.png (the image as a static file)', ready.static],
      ['GET a creation’s signed file URL', ready.file],
      ['GET /v1/balance (two queries, no file)', ready.balance, { authorization: `Bearer ${ready.key}` }],
      ['GET a signed image URL, made before', ready.signed],
      ['the same with If-None-Match (304)', ready.signed, { 'if-none-match': ready.etag }],
    ]
    for (const [name, url, headers] of targets) {
      const m = await measure(name, url, headers)
      if (!m) continue
      // A target meant to send the image must send it whole (a missing static file answers the app's page).
      const image = url === ready.static || url === ready.file || (url === ready.signed && !headers)
      if (image && m.kbPerAnswer * 1024 < ready.imageBytes * 0.99)
        throw new Error(`${name} sent ${m.kbPerAnswer.toFixed(1)} kB an answer, not the image`)
      rows.push([name, m])
    }
  }
  child.disconnect()
  const best = new Map<string, Awaited<ReturnType<typeof measureUrl>>>()
  for (const [name, m] of rows) if (!best.has(name) || (best.get(name)?.rps ?? 0) < m.rps) best.set(name, m)
  const staticRps = best.get('GET /card.png (the image as a static file)')?.rps ?? Number.NaN
  console.log(
    `\nsigned image URLs, SQLite, ${CONNECTIONS} connections, ${DURATION_S} s each, best of 2 rounds`,
  )
  console.log(
    'target'.padEnd(44),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'kB/answer'.padStart(10),
    '× static',
  )
  for (const [name, m] of best)
    console.log(
      name.padEnd(44),
      m.rps.toFixed(0).padStart(8),
      String(m.p50).padStart(8),
      String(m.p99).padStart(8),
      m.kbPerAnswer.toFixed(1).padStart(10),
      `${(m.rps / staticRps).toFixed(2)}×`.padStart(9),
    )
  const hit = best.get('GET a signed image URL, made before')?.rps ?? 0
  console.log(`\ncached hit ÷ static file: ${(hit / staticRps).toFixed(2)}× (goal ≥ 0.5×)`)
}

if (process.argv.includes('--serve')) void serve()
else void main()
