/**
 * `pnpm --filter @templet/server bench:start`: how long the server process takes from spawn to its first answer
 * (`/healthz` 200), on the embedded SQLite default, and its memory (RSS) then:
 *   - first start: an empty DATA_DIR (migrations, the catalogue, the demo account with its rendered creations);
 *   - restart: the same DATA_DIR again (what a deploy or a crash costs).
 * `BENCH_BASELINE=<dir>` names another checkout's `apps/server/dist` (e.g. an older commit, built) run in turns
 * with this one, so the ratio is measured side by side on one machine in one run. `BENCH_RUNS` (default 7) runs
 * each; the median is printed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const here = path.dirname(fileURLToPath(import.meta.url))
const builds: { name: string; main: string }[] = [
  { name: 'this build', main: path.join(here, '../dist/main.js') },
  ...(process.env.BENCH_BASELINE
    ? [{ name: 'baseline', main: path.join(path.resolve(process.env.BENCH_BASELINE), 'main.js') }]
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

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : Number.NaN
}

/** Spawns `main` on `dataDir` and returns the ms to its first 200 on /healthz, and its RSS then. */
async function startOnce(main: string, dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: path.dirname(main),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    const deadline = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`)
      if (Date.now() > deadline) throw new Error(`${main} did not answer within 120 s`)
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) break
      await new Promise((r) => setTimeout(r, 5))
    }
    const ms = performance.now() - started
    return { ms, rss: child.pid ? rssMb(child.pid) : Number.NaN }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

const results = new Map(
  builds.map((b) => [b.name, { first: [] as number[], restart: [] as number[], rss: [] as number[] }]),
)
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${RUNS} runs each, in turns`,
)
for (let run = 0; run < RUNS; run++) {
  for (const b of builds) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'templet-bench-start-'))
    try {
      const r = results.get(b.name)
      if (!r) continue
      r.first.push((await startOnce(b.main, dataDir)).ms)
      const again = await startOnce(b.main, dataDir)
      r.restart.push(again.ms)
      r.rss.push(again.rss)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
const base = process.env.BENCH_BASELINE ? results.get('baseline') : undefined
console.log('| build | first start, ms | restart, ms | RSS after restart, MB | restart vs baseline |')
console.log('| --- | ---: | ---: | ---: | ---: |')
for (const [name, r] of results) {
  const ratio = base ? `${(median(r.restart) / median(base.restart)).toFixed(2)}×` : '—'
  console.log(
    `| ${name} | ${median(r.first).toFixed(0)} | ${median(r.restart).toFixed(0)} | ${median(r.rss).toFixed(0)} | ${ratio} |`,
  )
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
