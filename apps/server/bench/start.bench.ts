/**
 * `pnpm --filter @templet/server bench:start`: how long the server process takes from spawn to its first answer
 * (`/healthz` 200), on the embedded SQLite default, and its memory (RSS), started as `npm start` starts it (with
 * MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=8388608):
 *   - first start: an empty DATA_DIR (migrations, the catalogue, the demo account with its rendered creations);
 *   - restart: the same DATA_DIR again (what a deploy or a crash costs), the CPU time the process used by its first
 *     answer (the figure to compare on a busy machine, where the wait is the machine's) and the RSS then;
 *   - at rest, on that restarted server: the RSS after `BENCH_REST_SECONDS` (default 5) without a request
 *     (1) after 20 editor previews of `article-card` in built-in families, (2) then after bold-quote saved in
 *     four font-library families (Lora, Montserrat, Oswald, Dancing Script; bold, each text layer) and
 *     previewed 5 times each, which an older build without the library does with the same documents in
 *     built-in families (serif, sans, grotesk, sans), and (3) with the library only, after the browser's
 *     WOFF2 of each of those faces was asked for (converted afresh: the server's temporary directory is the
 *     run's own).
 * `BENCH_BASELINE=<dir>` names another checkout's `apps/server/dist` (e.g. an older commit, built) run in turns
 * with this one, so the ratio is measured side by side on one machine in one run. `BENCH_RUNS` (default 7) runs
 * each; the median and the range are printed. Loopback only; each run's DATA_DIR is removed after it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TemplateDetail } from '@templet/api'
import { fieldKinds, type TemplateInput } from '@templet/template'
import { catalogueIds, getData, preview, saveTemplate, signUp, startEnv, templateDocument } from './requests'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const REST_MS = Number(process.env.BENCH_REST_SECONDS ?? 5) * 1000
const BUILT_IN_PREVIEWS = 20
const PREVIEWS_PER_FAMILY = 5
/** The font library's families the work draws with, and what a build without the library draws instead. */
const FAMILIES: { library: string; builtIn: string }[] = [
  { library: 'lora', builtIn: 'serif' },
  { library: 'montserrat', builtIn: 'sans' },
  { library: 'oswald', builtIn: 'grotesk' },
  { library: 'dancing-script', builtIn: 'sans' },
]
const here = path.dirname(fileURLToPath(import.meta.url))
const builds: { name: string; main: string; library: boolean }[] = [
  { name: 'this build', main: path.join(here, '../dist/main.js'), library: true },
  ...(process.env.BENCH_BASELINE
    ? [
        {
          name: 'baseline',
          main: path.join(path.resolve(process.env.BENCH_BASELINE), 'main.js'),
          library: false,
        },
      ]
    : []),
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

/** CPU time the process has used (user and system), ms. */
const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100)
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : Number.NaN
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Started {
  /** Spawn to the first 200 on /healthz. */
  ms: number
  /** The CPU time the process had used by then: what a busy machine's wait does not inflate. */
  cpu: number
  url: string
  rss: () => number
  stop: () => Promise<void>
}

/** Spawns `main` on `dataDir` and waits for its first 200 on /healthz. */
async function start(main: string, dataDir: string): Promise<Started> {
  const port = await freePort()
  const tmp = path.join(dataDir, 'tmp')
  mkdirSync(tmp, { recursive: true })
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: path.dirname(main),
    env: {
      ...startEnv(port, dataDir),
      // The server's temporary files (the library's WOFF2 among them) are the run's: nothing carried over.
      TMPDIR: tmp,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  const url = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`)
      if (Date.now() > deadline) throw new Error(`${main} did not answer within 120 s`)
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) break
      await sleep(5)
    }
  } catch (e) {
    await stop()
    throw e
  }
  const ms = performance.now() - started
  const cpu = child.pid ? cpuMs(child.pid) : Number.NaN
  return { ms, cpu, url, rss: () => (child.pid ? rssMb(child.pid) : Number.NaN), stop }
}

/** The first field a customer types into, to vary the previews' words. */
const typedKey = (fields: Pick<TemplateDetail['fields'][number], 'key' | 'kind'>[]) => {
  const key = fields.find((f) => fieldKinds.typed(f))?.key
  if (!key) throw new Error('the template has no text field')
  return key
}

/**
 * The work before each figure at rest: previews in built-in families, then in the library's (or, without it,
 * the same documents in built-in families), then the library's WOFF2; the RSS after a pause after each.
 */
async function atRest(s: Started, library: boolean) {
  const token = await signUp(s.url)
  const bySlug = await catalogueIds(s.url, token)
  const articleCard = bySlug('article-card')
  const detail = await getData<Pick<TemplateDetail, 'fields'>>(
    s.url,
    token,
    `/template/detail?id=${articleCard}`,
  )
  const cardKey = typedKey(detail.fields)
  for (let i = 0; i < BUILT_IN_PREVIEWS; i++)
    await preview(s.url, token, { templateId: articleCard, values: { [cardKey]: `Preview ${i}` } })
  await sleep(REST_MS)
  const builtIn = s.rss()

  const boldQuote: TemplateInput = await templateDocument(s.url, token, bySlug('bold-quote'))
  const quoteKey = typedKey(boldQuote.fields)
  for (const f of FAMILIES) {
    const font = library ? `lib-${f.library}` : f.builtIn
    const layers = boldQuote.layers.map((l) =>
      l.type === 'text' ? { ...l, font, weight: 700, italic: false } : l,
    ) as TemplateInput['layers']
    const templateId = await saveTemplate(s.url, token, `Quote in ${font}`, { ...boldQuote, layers })
    for (let i = 0; i < PREVIEWS_PER_FAMILY; i++)
      await preview(s.url, token, { templateId, values: { [quoteKey]: `A quote ${i} in ${f.library}` } })
  }
  await sleep(REST_MS)
  const families = s.rss()

  let woff2 = Number.NaN
  if (library) {
    for (const f of FAMILIES) {
      const res = await fetch(`${s.url}/api/fonts/library/${f.library}/700.woff2`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${f.library}'s WOFF2 answered ${res.status}`)
    }
    await sleep(REST_MS)
    woff2 = s.rss()
  }
  return { builtIn, families, woff2 }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
/** `median (least–most)`, or `—` when nothing was measured. */
const figure = (xs: number[]) => {
  const ys = xs.filter((x) => !Number.isNaN(x))
  return ys.length
    ? `${median(ys).toFixed(0)} (${Math.min(...ys).toFixed(0)}–${Math.max(...ys).toFixed(0)})`
    : '—'
}

const columns = ['first', 'restart', 'restartCpu', 'rss', 'builtIn', 'families', 'woff2'] as const
const results = new Map(
  builds.map((b) => [
    b.name,
    Object.fromEntries(columns.map((c) => [c, [] as number[]])) as Record<(typeof columns)[number], number[]>,
  ]),
)
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
console.log(
  `load average ${load()}; ${RUNS} runs each, in turns; ${REST_MS / 1000} s of rest before each figure at rest`,
)
for (let run = 0; run < RUNS; run++) {
  for (const b of builds) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'templet-bench-start-'))
    try {
      const r = results.get(b.name)
      if (!r) continue
      const first = await start(b.main, dataDir)
      r.first.push(first.ms)
      await first.stop()
      const again = await start(b.main, dataDir)
      try {
        r.restart.push(again.ms)
        r.restartCpu.push(again.cpu)
        r.rss.push(again.rss())
        const rest = await atRest(again, b.library)
        r.builtIn.push(rest.builtIn)
        r.families.push(rest.families)
        r.woff2.push(rest.woff2)
      } finally {
        await again.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
const base = process.env.BENCH_BASELINE ? results.get('baseline') : undefined
console.log('median (least–most)')
console.log(
  '| build | first start, ms | restart, ms | restart, CPU ms | RSS after restart, MB | at rest after built-in previews, MB | at rest after previews in 4 families (library; baseline: built-in), MB | at rest after their WOFF2, MB | restart vs baseline | at rest vs baseline, MB |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const [name, r] of results) {
  const ratio = base
    ? `${(median(r.restart) / median(base.restart)).toFixed(2)}× (CPU ${(median(r.restartCpu) / median(base.restartCpu)).toFixed(2)}×)`
    : '—'
  const more = base ? `${(median(r.families) - median(base.families)).toFixed(0)}` : '—'
  console.log(
    `| ${name} | ${figure(r.first)} | ${figure(r.restart)} | ${figure(r.restartCpu)} | ${figure(r.rss)} | ${figure(r.builtIn)} | ${figure(r.families)} | ${figure(r.woff2)} | ${ratio} | ${more} |`,
  )
}
console.log(`load average ${load()}`)
