#!/usr/bin/env node
/**
 * How long a signed-in visitor waits for the Dashboard's data on a slow network: in Chromium, from asking for
 * `/dashboard` to the balance shown, with the network emulated (latency and bandwidth per direction), every run
 * a first visit. Prints each run and the median.
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server
 *   node apps/web/scripts/dashboard-ready.mjs [--latency 150] [--mbps 1.6] [--runs 7]
 */
import { chromium } from 'playwright'
import { startServer } from './visitors.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return Number(i > 0 ? process.argv[i + 1] : fallback)
}
const LATENCY_MS = arg('latency', 150)
const MBPS = arg('mbps', 1.6)
const RUNS = Math.min(arg('runs', 7), 50)

const { origin, session, stop } = await startServer()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
const times = []
try {
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/robots.txt`)
    await page.evaluate((value) => localStorage.setItem('user', value), session)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: (MBPS * 1024 * 1024) / 8,
      uploadThroughput: (MBPS * 1024 * 1024) / 8,
    })
    const started = Date.now()
    await page.goto(`${origin}/dashboard`)
    await page.getByTestId('credits').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 })
    times.push(Date.now() - started)
    await context.close()
  }
} finally {
  await browser.close()
  stop()
}
const sorted = [...times].sort((a, b) => a - b)
console.log(
  `signed in, /dashboard to the balance shown, ${LATENCY_MS} ms latency, ${MBPS} Mbps, ${RUNS} runs`,
)
console.log(`runs (ms): ${times.join(' ')}`)
console.log(`median: ${sorted[Math.floor(sorted.length / 2)]} ms`)
process.exit(0)
