#!/usr/bin/env node
/**
 * Lighthouse (phone profile, the default throttling) on `/`, `/login` and `/dashboard` signed in, against
 * the real server (apps/server/dist) on a free port with a temporary DATA_DIR, serving apps/web/dist.
 * Median of 3 runs per page (LH_RUNS to change); prints each category's score, CLS and the timings the
 * performance score is made of.
 *
 * The signed-in page: Debian's chromium is started with a DevTools port; Playwright connects to it over
 * CDP to store the session in localStorage, and Lighthouse runs in the same browser with
 * `disableStorageReset`, so the session survives into the measured load.
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server && pnpm --filter web lighthouse
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const RUNS = Number(process.env.LH_RUNS ?? 3)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const categories = ['performance', 'accessibility', 'best-practices', 'seo']
/** The metrics the performance score is made of, besides CLS (milliseconds, simulated phone). */
const timings = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  si: 'speed-index',
  tbt: 'total-blocking-time',
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function waitFor(url, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const children = []
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}
process.on('exit', cleanUp)

const dataDir = mkdtempSync(path.join(tmpdir(), 'templet-lh-'))
const serverPort = await freePort()
const origin = `http://127.0.0.1:${serverPort}`
children.push(
  spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(serverPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  }),
)
await waitFor(`${origin}/api/openapi.json`)

const register = await fetch(`${origin}/api/user/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    email: `lighthouse-${Date.now()}@example.com`,
    password: 'lighthouse password',
    name: 'Lighthouse',
  }),
}).then((r) => r.json())
if (register.code !== 0) throw new Error(`registration failed: ${JSON.stringify(register)}`)
const session = JSON.stringify({ token: register.data.token, user: register.data.user })

const debugPort = await freePort()
children.push(
  spawn(
    CHROME,
    [
      `--remote-debugging-port=${debugPort}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'templet-lh-chrome-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  ),
)
await waitFor(`http://127.0.0.1:${debugPort}/json/version`)

async function storeSession() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`)
  const context = browser.contexts()[0]
  const page = await context.newPage()
  await page.goto(`${origin}/about-us`)
  await page.evaluate((value) => localStorage.setItem('user', value), session)
  await page.close()
  await browser.close()
}

async function measure(route, signedIn) {
  if (signedIn) await storeSession()
  const result = await lighthouse(`${origin}${route}`, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableStorageReset: signedIn,
  })
  const { lhr } = result
  if (signedIn && !lhr.finalDisplayedUrl.endsWith(route))
    throw new Error(`not signed in: ended on ${lhr.finalDisplayedUrl}`)
  return {
    ...Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    ...Object.fromEntries(
      Object.entries(timings).map(([key, audit]) => [
        key,
        Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN),
      ]),
    ),
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const rows = []
try {
  for (const [route, signedIn] of [
    ['/', false],
    ['/login', false],
    ['/dashboard', true],
  ]) {
    const runs = []
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(route, signedIn))
    const row = { route }
    for (const key of [...categories, 'cls', ...Object.keys(timings)])
      row[key] = median(runs.map((r) => r[key]))
    rows.push(row)
  }
} finally {
  cleanUp()
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`Lighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS})`}, phone profile`)
console.log('route        perf  a11y  best  seo   CLS     FCP   LCP    SI   TBT (ms)')
for (const r of rows) {
  const cells = [r.performance, r.accessibility, r['best-practices'], r.seo].map((v) => String(v).padStart(4))
  const times = Object.keys(timings).map((key) => String(r[key]).padStart(5))
  console.log(
    `${r.route.padEnd(12)} ${cells.join('  ')}  ${r.cls.toFixed(3).padStart(5)}  ${times.join(' ')}`,
  )
}
