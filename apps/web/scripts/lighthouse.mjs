#!/usr/bin/env node
/**
 * Lighthouse (phone profile, the default throttling) for every kind of visitor of scripts/visitors.mjs
 * (English and Chinese browsers, signed in and out, with and without a query, `/dashboard` included),
 * against the real server (apps/server/dist) on a free port with a temporary DATA_DIR, serving
 * apps/web/dist. Median of 3 runs per visitor (LH_RUNS to change; LH_ONLY=<substring of "<name> <path>">, or its end when it ends with `$`,
 * to run some); prints each category's score, CLS and the timings the performance score is made of.
 * LH_REPORTS=<dir> also writes each run's full report there (its long tasks, requests and script costs).
 *
 * One Debian chromium per browser language (`--lang`, `--accept-lang`), started with a DevTools port.
 * Before each run Playwright connects to it over CDP, empties the HTTP cache (every run is a first visit)
 * and stores or removes the session in localStorage; Lighthouse runs in the same browser with
 * `disableStorageReset`, so the session survives into the measured load.
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server && pnpm --filter web lighthouse
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright'
import { freePort, startServer, waitFor } from './server.mjs'
import { visitors } from './visitors.mjs'

const RUNS = Number(process.env.LH_RUNS ?? 3)
const ONLY = process.env.LH_ONLY
/** LH_ONLY is a substring of "<name> <path>"; ending with `$`, its end (`LH_ONLY='out /$'`: `/` signed out). */
const only = (visitor) => (ONLY?.endsWith('$') ? visitor.endsWith(ONLY.slice(0, -1)) : visitor.includes(ONLY))
const REPORTS = process.env.LH_REPORTS
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const categories = ['performance', 'accessibility', 'best-practices', 'seo']
/** The metrics the performance score is made of, besides CLS (milliseconds, simulated phone). */
const timings = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  si: 'speed-index',
  tbt: 'total-blocking-time',
}

const children = []
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}
process.on('exit', cleanUp)

const server = await startServer()
const { origin, session } = server

/** A headless chromium whose browser language is `language`; resolves with its DevTools port. */
async function startChrome(language) {
  const port = await freePort()
  children.push(
    spawn(
      CHROME,
      [
        `--remote-debugging-port=${port}`,
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--lang=${language}`,
        `--accept-lang=${language}`,
        `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'templet-lh-chrome-'))}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    ),
  )
  await waitFor(`http://127.0.0.1:${port}/json/version`)
  return port
}

/** A first visit: no HTTP cache; the session stored (with its cookie) or not. */
async function prepare(port, signedIn) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  const context = browser.contexts()[0]
  const page = await context.newPage()
  await page.goto(`${origin}/robots.txt`)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.evaluate(
    (value) => {
      localStorage.clear()
      if (value) localStorage.setItem('user', value)
    },
    signedIn ? session : null,
  )
  // With a session, the cookie the app and the boot script (src/boot.ts) keep beside it (the server's hint for its
  // redirects).
  await context.clearCookies()
  if (signedIn) await context.addCookies([{ name: 'templet_signed_in', value: '1', url: origin }])
  await page.close()
  await browser.close()
}

/** Lighthouse's report of one first visit; a run whose trace failed (NO_NAVSTART, say) is run again, twice at most. */
async function report(port, visitor) {
  for (let attempt = 1; ; attempt += 1) {
    await prepare(port, visitor.signedIn)
    const { lhr } = await lighthouse(`${origin}${visitor.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: true,
    })
    if (!lhr.runtimeError) return lhr
    if (attempt === 3)
      throw new Error(`${visitor.name} ${visitor.path}: ${lhr.runtimeError.code} three times`)
    console.error(`${visitor.name} ${visitor.path}: ${lhr.runtimeError.code}, running again`)
  }
}

async function measure(port, visitor, run) {
  const lhr = await report(port, visitor)
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true })
    const name = `${visitor.name}-${visitor.path}-${run}`.replace(/[^a-z0-9-]+/gi, '_')
    writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(lhr))
  }
  const ended = new URL(lhr.finalDisplayedUrl)
  const expected = visitor.expect ?? visitor.path
  if (`${ended.pathname}${ended.search}` !== expected)
    throw new Error(`${visitor.name} ${visitor.path}: ended on ${lhr.finalDisplayedUrl}, not ${expected}`)
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
  const ports = new Map()
  for (const visitor of visitors) {
    if (ONLY && !only(`${visitor.name} ${visitor.path}`)) continue
    if (!ports.has(visitor.language)) ports.set(visitor.language, await startChrome(visitor.language))
    const runs = []
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(ports.get(visitor.language), visitor, i + 1))
    const row = { name: visitor.name, path: visitor.path }
    for (const key of [...categories, 'cls', ...Object.keys(timings)])
      row[key] = median(runs.map((r) => r[key]))
    rows.push(row)
  }
} finally {
  cleanUp()
  server.stop()
}

console.log(`Lighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS})`}, phone profile, first visit`)
console.log('| visitor | path | perf | a11y | best | SEO | CLS | FCP | LCP | SI | TBT |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  const scores = [r.performance, r.accessibility, r['best-practices'], r.seo].join(' | ')
  const times = Object.keys(timings)
    .map((key) => (key === 'tbt' ? `${r[key]} ms` : `${(r[key] / 1000).toFixed(1)} s`))
    .join(' | ')
  console.log(`| ${r.name} | \`${r.path}\` | ${scores} | ${r.cls.toFixed(3)} | ${times} |`)
}
