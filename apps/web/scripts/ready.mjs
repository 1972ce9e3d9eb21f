#!/usr/bin/env node
/**
 * How long a visitor waits until they can act, on a slow network and a slow phone: in Chromium, every run a
 * first visit, from asking for the page to
 *   - signed out, `/login`: the form's submit button enabled (the app has hydrated the page);
 *   - signed in, `/dashboard`: the balance shown (the app, then the Dashboard's data).
 * The network is emulated (latency and bandwidth per direction) and the CPU slowed down (`--cpu`, Chromium's
 * throttling, 1 for none). Prints each run and the median per visitor.
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server
 *   node apps/web/scripts/ready.mjs [--latency 150] [--mbps 1.6] [--cpu 4] [--runs 7]
 */
import { chromium } from 'playwright'
import { startServer } from './server.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return Number(i > 0 ? process.argv[i + 1] : fallback)
}
const LATENCY_MS = arg('latency', 150)
const MBPS = arg('mbps', 1.6)
const CPU_SLOWDOWN = arg('cpu', 4)
const RUNS = Math.min(arg('runs', 7), 50)

const visits = [
  {
    name: 'signed out, /login to the form ready',
    path: '/login',
    signedIn: false,
    ready: (page) => page.locator('main button[type="submit"]:enabled').waitFor({ timeout: 60_000 }),
  },
  {
    name: 'signed in, /dashboard to the balance shown',
    path: '/dashboard',
    signedIn: true,
    ready: (page) => page.getByTestId('credits').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 }),
  },
]

const { origin, session, stop } = await startServer()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
console.log(`${LATENCY_MS} ms latency, ${MBPS} Mbps, CPU slowed down ${CPU_SLOWDOWN}x, ${RUNS} runs each`)
try {
  for (const visit of visits) {
    const times = []
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      const page = await context.newPage()
      await page.goto(`${origin}/robots.txt`)
      if (visit.signedIn) await page.evaluate((value) => localStorage.setItem('user', value), session)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: (MBPS * 1024 * 1024) / 8,
        uploadThroughput: (MBPS * 1024 * 1024) / 8,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      const started = Date.now()
      await page.goto(`${origin}${visit.path}`)
      await visit.ready(page)
      times.push(Date.now() - started)
      await context.close()
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(
      `${visit.name}: median ${sorted[Math.floor(sorted.length / 2)]} ms (runs: ${times.join(' ')})`,
    )
  }
} finally {
  await browser.close()
  stop()
}
process.exit(0)
