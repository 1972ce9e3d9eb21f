/**
 * `pnpm --filter @templet/server bench:preview`: the editor's preview drawn in the server's own thread against the
 * preview thread the server now uses (`threadedRenderer`), side by side in one run. For each: a preview's latency
 * (one customer, then 4 at once), and the main thread's event-loop delay meanwhile (what every other request
 * waits); then previews while the render thread draws full renders without pause. `article-card` at 640 px, WebP,
 * as the editor asks. In-process only: no network.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { loadCatalogue } from '@templet/catalogue'
import { loadConfig } from '../src/config'
import { threadedRenderer } from '../src/media-services'
import { defaultRenderer, type Renderer } from '../src/services/renderer'
import { testEnv } from '../test/harness'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const template = (() => {
  const t = loadCatalogue().templates.find((x) => x.id === 'article-card')
  if (!t) throw new Error('article-card left the catalogue')
  return t
})()

interface Figures {
  count: number
  p50: number
  p95: number
  loopP99: number
}

/** `clients` loops drawing previews with `renderer` for `seconds`: latency and the event loop's delay meanwhile. */
async function previews(renderer: Renderer, clients: number, seconds: number): Promise<Figures> {
  const times: number[] = []
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (performance.now() < end) {
        const t0 = performance.now()
        await renderer.renderPreview(
          template,
          { title: `Preview ${i} ${times.length}` },
          { maxSide: 640, format: 'webp', account: i },
        )
        times.push(performance.now() - t0)
      }
    }),
  )
  loop.disable()
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  return { count: times.length, p50: at(0.5), p95: at(0.95), loopP99: loop.percentile(99) / 1e6 }
}

const row = (name: string, f: Figures) =>
  `${name.padEnd(44)} ${String(f.count).padStart(5)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.loopP99.toFixed(1).padStart(10)}`

async function main() {
  const threaded = threadedRenderer(loadConfig({ ...testEnv(), RENDER_THREADS: '1' }))
  // Warm both: the thread's start and the renderer's first drawing are not a preview's time.
  await previews(defaultRenderer, 1, 1)
  await previews(threaded, 1, 1)
  console.log(`previews for ${SECONDS} s each (ms; loop p99: the main thread's event-loop delay)`)
  console.log(`${'case'.padEnd(44)} count      p50      p95   loop p99`)
  for (const clients of [1, 4]) {
    console.log(row(`in this thread, ${clients} at once`, await previews(defaultRenderer, clients, SECONDS)))
    console.log(row(`in the preview thread, ${clients} at once`, await previews(threaded, clients, SECONDS)))
  }
  // Full renders without pause in the render thread, as a batch would keep it busy.
  let rendering = true
  const renders = (async () => {
    let n = 0
    while (rendering && n < 10_000) {
      await threaded.render(template, { title: `Render ${n}` }, { account: 99 })
      n += 1
    }
    return n
  })()
  console.log(row('in the preview thread, renders running', await previews(threaded, 1, SECONDS)))
  rendering = false
  console.log(`(${await renders} full renders drawn meanwhile)`)
  await threaded.close()
}

await main()
