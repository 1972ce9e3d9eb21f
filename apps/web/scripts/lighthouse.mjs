#!/usr/bin/env node
/**
 * Lighthouse (phone profile, the default throttling) on `/`, `/login` and `/dashboard` signed in, against
 * the real server (apps/server/dist) on a free port with a temporary DATA_DIR, serving apps/web/dist.
 * Median of 3 runs per page; prints each category's score and CLS.
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
  if (process.env.LH_SAVE)
    (await import('node:fs')).writeFileSync(
      `${process.env.LH_SAVE}/${route.replace(/\W/g, '_')}.json`,
      JSON.stringify(lhr),
    )
  if (signedIn && !lhr.finalDisplayedUrl.endsWith(route))
    throw new Error(`not signed in: ended on ${lhr.finalDisplayedUrl}`)
  return {
    ...Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    ...(process.env.LH_DEBUG
      ? Object.fromEntries(
          [
            'first-contentful-paint',
            'speed-index',
            'total-blocking-time',
            'interactive',
            'max-potential-fid',
          ].map((k) => [k, Math.round(lhr.audits[k]?.numericValue)]),
        )
      : {}),
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
    if (process.env.LH_DEBUG) console.log(route, runs)
    const row = { route }
    for (const key of [...categories, 'cls', 'lcp']) row[key] = median(runs.map((r) => r[key]))
    rows.push(row)
  }
} finally {
  cleanUp()
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`Lighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS})`}, phone profile`)
console.log('route        perf  a11y  best  seo   CLS    LCP (ms)')
for (const r of rows) {
  console.log(
    `${r.route.padEnd(12)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(4)}  ${String(r.seo).padStart(4)}  ${r.cls.toFixed(3).padStart(5)}  ${String(r.lcp).padStart(8)}`,
  )
}
